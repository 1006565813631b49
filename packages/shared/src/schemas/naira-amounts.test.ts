import { describe, expect, it } from 'vitest';
import { NairaRateSchema } from './catalog-admin';
import { hasAtMostTwoDecimals } from './common';
import { ApproveTradeInputSchema } from './trades';
import { WithdrawalRequestInputSchema } from './withdrawals';

/** What a client genuinely sends, and what only float noise or a probe produces. */
const ACCEPTED = [1, 0.29, 0.3, 1180.07, 117500.55, 999_999_999.99, 1_000_000_000];
const REFUSED = [
  1000.3000000000001,
  10.001,
  0.1 + 0.2,
  1.005,
  5e-324,
  1e-7,
  1e300,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe('naira amounts with at most two decimals', () => {
  it('judges the decimals on the number as JSON writes it, not by float division', () => {
    for (const value of ACCEPTED) expect(hasAtMostTwoDecimals(value), String(value)).toBe(true);
    for (const value of [1000.3000000000001, 10.001, 0.1 + 0.2, 1.005, 5e-324, 1e21]) {
      expect(hasAtMostTwoDecimals(value), String(value)).toBe(false);
    }
  });

  it('a withdrawal amount and a final value take the plain amounts and refuse the rest', () => {
    const withdrawal = (amount: number) =>
      WithdrawalRequestInputSchema.safeParse({ amount, pin: '1234', beneficiary_account_id: 'b' });
    const approval = (finalValue: number) =>
      ApproveTradeInputSchema.safeParse({ final_value: finalValue });
    for (const value of ACCEPTED) {
      expect(withdrawal(value).success, String(value)).toBe(true);
      expect(approval(value).success, String(value)).toBe(true);
    }
    for (const value of REFUSED) {
      expect(withdrawal(value).success, String(value)).toBe(false);
      expect(approval(value).success, String(value)).toBe(false);
    }
  });

  it('a rate refuses float noise and exponents too', () => {
    for (const rate of [1000.3000000000001, 0.1 + 0.2, 5e-324, 1e300, '1e3', '10.001']) {
      expect(NairaRateSchema.safeParse(rate).success, String(rate)).toBe(false);
    }
    expect(NairaRateSchema.safeParse(1180.07).success).toBe(true);
  });
});
