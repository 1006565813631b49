import { describe, expect, it } from 'vitest';
import type { TierLadder } from './kyc-tiers';
import { checkWithdrawalAmount, getWithdrawalRoom } from './withdrawal-rules';

/** The defaults of decision 063. */
const ladder: TierLadder = {
  1: { dailyKobo: 200_000_00n, singleKobo: 200_000_00n },
  2: { dailyKobo: 1_000_000_00n, singleKobo: 1_000_000_00n },
  3: { dailyKobo: 5_000_000_00n, singleKobo: 1_000_000_00n },
};

const limits = {
  minKobo: 0n,
  maxKobo: 500_000_00n,
  dailyLimitKobo: 1_000_000_00n,
  withdrawnTodayKobo: 992_000_00n,
  feeKobo: 50_00n,
  balanceKobo: 10_000_00n,
  tier: 3 as const,
  ladder,
};

describe('checkWithdrawalAmount', () => {
  it('keeps ₦1,000 as the floor whatever the configured minimum', () => {
    expect(checkWithdrawalAmount(999_99n, limits)?.code).toBe('AMOUNT_TOO_SMALL');
    expect(checkWithdrawalAmount(1_000_00n, limits)).toBeNull();
  });

  it('checks the rules in the order a person meets them', () => {
    expect(checkWithdrawalAmount(600_000_00n, limits)?.code).toBe('AMOUNT_TOO_LARGE');
    expect(checkWithdrawalAmount(9_000_00n, limits)).toEqual({
      code: 'LIMIT_EXCEEDED',
      message:
        'This would pass your daily limit of ₦1,000,000.00. You can withdraw up to ₦8,000.00 more today.',
    });
    expect(checkWithdrawalAmount(7_960_00n, { ...limits, balanceKobo: 8_000_00n })).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Your balance (₦8,000.00) is not enough for ₦7,960.00 plus the ₦50.00 fee.',
    });
  });

  it('says the limit is reached when nothing is left of it today', () => {
    expect(
      checkWithdrawalAmount(1_000_00n, { ...limits, withdrawnTodayKobo: 1_000_000_05n })?.message,
    ).toBe('You have reached today’s limit of ₦1,000,000.00. You can withdraw again tomorrow.');
  });
});

describe('the KYC tier in the withdrawal rules (decision 063)', () => {
  const platform = {
    ...limits,
    maxKobo: 1_000_000_00n,
    dailyLimitKobo: 5_000_000_00n,
    withdrawnTodayKobo: 0n,
    balanceKobo: 10_000_000_00n,
  };

  it('names the tier and what raises it when the tier’s daily limit is the one passed', () => {
    expect(
      checkWithdrawalAmount(150_000_00n, { ...platform, tier: 1, withdrawnTodayKobo: 100_000_00n }),
    ).toEqual({
      code: 'LIMIT_EXCEEDED',
      message:
        'Your tier lets you withdraw ₦200,000 a day. Verify your NIN to raise it to ₦1,000,000. You can withdraw up to ₦100,000 more today.',
    });
    expect(
      checkWithdrawalAmount(1_000_00n, { ...platform, tier: 1, withdrawnTodayKobo: 200_000_00n })
        ?.message,
    ).toBe(
      'Your tier lets you withdraw ₦200,000 a day. Verify your NIN to raise it to ₦1,000,000. You have reached it for today.',
    );
  });

  it('refuses one withdrawal above the tier’s own limit, with the same code', () => {
    expect(checkWithdrawalAmount(200_000_01n, { ...platform, tier: 1 })).toEqual({
      code: 'LIMIT_EXCEEDED',
      message:
        'Your tier lets you withdraw ₦200,000 at a time. Verify your NIN to raise it to ₦1,000,000.',
    });
    expect(checkWithdrawalAmount(200_000_00n, { ...platform, tier: 1 })).toBeNull();
  });

  it('says what tier 3 needs at tier 2, and no raise where the next tier gives none', () => {
    expect(
      checkWithdrawalAmount(600_000_00n, { ...platform, tier: 2, withdrawnTodayKobo: 500_000_00n })
        ?.message,
    ).toBe(
      'Your tier lets you withdraw ₦1,000,000 a day. Have an operator check your ID, a selfie and a proof of address to raise it to ₦5,000,000. You can withdraw up to ₦500,000 more today.',
    );
    expect(
      checkWithdrawalAmount(1_000_000_01n, { ...platform, maxKobo: 2_000_000_00n, tier: 2 })
        ?.message,
    ).toBe('Your tier lets you withdraw ₦1,000,000 at a time.');
  });

  it('lets tier 0 withdraw nothing', () => {
    expect(checkWithdrawalAmount(1_000_00n, { ...platform, tier: 0 })).toEqual({
      code: 'LIMIT_EXCEEDED',
      message: 'Your tier does not let you withdraw yet. Verify your BVN to raise it to ₦200,000.',
    });
  });

  it('keeps the platform’s words where its limit is the lower', () => {
    expect(
      checkWithdrawalAmount(300_000_00n, { ...platform, maxKobo: 250_000_00n, tier: 2 }),
    ).toEqual({
      code: 'AMOUNT_TOO_LARGE',
      message: 'You can withdraw at most ₦250,000.00 at a time.',
    });
  });

  it('answers the room: the lower limits and what is left today', () => {
    expect(getWithdrawalRoom({ ...platform, tier: 1, withdrawnTodayKobo: 50_000_00n })).toEqual({
      singleKobo: 200_000_00n,
      dailyKobo: 200_000_00n,
      remainingKobo: 150_000_00n,
    });
    expect(getWithdrawalRoom({ ...platform, tier: 0 })).toEqual({
      singleKobo: 0n,
      dailyKobo: 0n,
      remainingKobo: 0n,
    });
  });
});
