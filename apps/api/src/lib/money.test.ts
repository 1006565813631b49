import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApproveTradeInputSchema } from '@karta/shared/schemas/trades';
import { WithdrawalRequestInputSchema } from '@karta/shared/schemas/withdrawals';
import {
  formatKoboAsNaira,
  formatKoboForPeople,
  koboToNaira,
  parseNairaToKobo,
} from '@karta/shared/money';

describe('parseNairaToKobo', () => {
  it('turns naira text or numbers into exact kobo', () => {
    expect(parseNairaToKobo('1180')).toBe(118000n);
    expect(parseNairaToKobo('1180.5')).toBe(118050n);
    expect(parseNairaToKobo('1180.55')).toBe(118055n);
    expect(parseNairaToKobo(0.29)).toBe(29n);
    // 1.005 * 100 is 100.49999… in floating point; text parsing has no such trap.
    expect(parseNairaToKobo(1180.07)).toBe(118007n);
    expect(parseNairaToKobo('999999999.99')).toBe(99999999999n);
  });

  it('refuses more than 2 decimals, signs, exponents and junk', () => {
    for (const bad of ['1.005', '-1', '1e3', '', '.5', '1.', 'abc', 1e21]) {
      expect(() => parseNairaToKobo(bad)).toThrow(RangeError);
    }
  });
});

describe('an amount that passed validation', () => {
  const isValidAmount = (amount: number) =>
    WithdrawalRequestInputSchema.safeParse({ amount, pin: '1234', beneficiary_account_id: 'b' })
      .success && ApproveTradeInputSchema.safeParse({ final_value: amount }).success;

  it('always converts to kobo, exactly (float noise and tiny or huge numbers never pass)', () => {
    const amounts = fc.oneof(
      fc.double(),
      fc.double({ min: 0, max: 1e10, noNaN: true }),
      fc.integer({ min: 0, max: 100_000_000_000 }).map((kobo) => kobo / 100),
      fc.constantFrom(1000.3000000000001, 0.1 + 0.2, 5e-324, 1e300, Number.MAX_SAFE_INTEGER + 2),
    );
    fc.assert(
      fc.property(amounts, (amount) => {
        if (!isValidAmount(amount)) return;
        const kobo = parseNairaToKobo(amount);
        expect(koboToNaira(kobo)).toBe(amount);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('koboToNaira', () => {
  it('shows kobo as naira with at most 2 decimals', () => {
    expect(koboToNaira(118050n)).toBe(1180.5);
    expect(koboToNaira(118055n)).toBe(1180.55);
    expect(koboToNaira(7n)).toBe(0.07);
    expect(koboToNaira(0n)).toBe(0);
    expect(JSON.stringify(koboToNaira(123456789n))).toBe('1234567.89');
  });

  it('round-trips every kobo value through text', () => {
    for (let kobo = 0n; kobo < 100_000n; kobo += 37n) {
      expect(parseNairaToKobo(koboToNaira(kobo))).toBe(kobo);
    }
    expect(formatKoboAsNaira(-150n)).toBe('-1.50');
  });
});

describe('formatKoboForPeople', () => {
  it('groups thousands and keeps two decimals, without floating point', () => {
    expect(formatKoboForPeople(29500000n)).toBe('₦295,000.00');
    expect(formatKoboForPeople(5n)).toBe('₦0.05');
    expect(formatKoboForPeople(123456789012345n)).toBe('₦1,234,567,890,123.45');
    expect(formatKoboForPeople(-50000n)).toBe('-₦500.00');
  });
});
