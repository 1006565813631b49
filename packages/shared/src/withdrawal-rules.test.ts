import { describe, expect, it } from 'vitest';
import { checkWithdrawalAmount } from './withdrawal-rules';

const limits = {
  minKobo: 0n,
  maxKobo: 500_000_00n,
  dailyLimitKobo: 1_000_000_00n,
  dailyRemainingKobo: 8_000_00n,
  feeKobo: 50_00n,
  balanceKobo: 10_000_00n,
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
    expect(checkWithdrawalAmount(1_000_00n, { ...limits, dailyRemainingKobo: -5n })?.message).toBe(
      'You have reached today’s limit of ₦1,000,000.00. You can withdraw again tomorrow.',
    );
  });
});
