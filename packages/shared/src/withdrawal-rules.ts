import { MIN_WITHDRAWAL_KOBO } from './constants';
import { formatKoboForPeople as naira } from './money';
import type { DomainErrorCode } from './schemas/common';

/**
 * The withdrawal amount rules and their words, in one place for the withdraw form and the API
 * (docs/ARCHITECTURE.md#domain-rules): the minimum, the maximum per withdrawal, the daily limit and the balance. Amounts
 * are whole kobo as bigint, so no float ever decides whether money may move.
 */

/** ₦1,000 is the floor whatever the server's configuration says (docs/ARCHITECTURE.md#domain-rules). */
export const WITHDRAWAL_MIN_KOBO = BigInt(MIN_WITHDRAWAL_KOBO);

/** The smallest withdrawal: the configured minimum, but never below the floor. */
export const getWithdrawalMinimumKobo = (configuredKobo: bigint): bigint =>
  configuredKobo > WITHDRAWAL_MIN_KOBO ? configuredKobo : WITHDRAWAL_MIN_KOBO;

export const WITHDRAWAL_AMOUNT_MESSAGES = {
  belowMinimum: (minKobo: bigint) => `The smallest withdrawal is ${naira(minKobo)}.`,
  aboveMaximum: (maxKobo: bigint) => `You can withdraw at most ${naira(maxKobo)} at a time.`,
  aboveDailyLimit: (dailyLimitKobo: bigint, dailyRemainingKobo: bigint) =>
    dailyRemainingKobo > 0n
      ? `This would pass your daily limit of ${naira(dailyLimitKobo)}. You can withdraw up to ${naira(dailyRemainingKobo)} more today.`
      : `You have reached today’s limit of ${naira(dailyLimitKobo)}. You can withdraw again tomorrow.`,
  notEnoughBalance: (balanceKobo: bigint, amountKobo: bigint, feeKobo: bigint) =>
    `Your balance (${naira(balanceKobo)}) is not enough for ${naira(amountKobo)} plus the ${naira(feeKobo)} fee.`,
} as const;

export interface WithdrawalAmountProblem {
  code: Extract<
    DomainErrorCode,
    'AMOUNT_TOO_SMALL' | 'AMOUNT_TOO_LARGE' | 'LIMIT_EXCEEDED' | 'INSUFFICIENT_FUNDS'
  >;
  message: string;
}

/** The size rules: known before anything is locked. */
export function checkWithdrawalSize(
  amountKobo: bigint,
  limits: { minKobo: bigint; maxKobo: bigint },
): WithdrawalAmountProblem | null {
  const minKobo = getWithdrawalMinimumKobo(limits.minKobo);
  if (amountKobo < minKobo) {
    return { code: 'AMOUNT_TOO_SMALL', message: WITHDRAWAL_AMOUNT_MESSAGES.belowMinimum(minKobo) };
  }
  if (amountKobo > limits.maxKobo) {
    return {
      code: 'AMOUNT_TOO_LARGE',
      message: WITHDRAWAL_AMOUNT_MESSAGES.aboveMaximum(limits.maxKobo),
    };
  }
  return null;
}

/**
 * The rules that depend on today's withdrawals and the balance: the server checks them again
 * with the wallet locked, since the form's figures may be a moment old.
 */
export function checkWithdrawalFunds(
  amountKobo: bigint,
  limits: {
    dailyLimitKobo: bigint;
    dailyRemainingKobo: bigint;
    feeKobo: bigint;
    balanceKobo: bigint;
  },
): WithdrawalAmountProblem | null {
  if (amountKobo > limits.dailyRemainingKobo) {
    return {
      code: 'LIMIT_EXCEEDED',
      message: WITHDRAWAL_AMOUNT_MESSAGES.aboveDailyLimit(
        limits.dailyLimitKobo,
        limits.dailyRemainingKobo > 0n ? limits.dailyRemainingKobo : 0n,
      ),
    };
  }
  if (amountKobo + limits.feeKobo > limits.balanceKobo) {
    return {
      code: 'INSUFFICIENT_FUNDS',
      message: WITHDRAWAL_AMOUNT_MESSAGES.notEnoughBalance(
        limits.balanceKobo,
        amountKobo,
        limits.feeKobo,
      ),
    };
  }
  return null;
}

/** Every amount rule, in the order a person meets them (the form checks all at once). */
export function checkWithdrawalAmount(
  amountKobo: bigint,
  limits: Parameters<typeof checkWithdrawalSize>[1] & Parameters<typeof checkWithdrawalFunds>[1],
): WithdrawalAmountProblem | null {
  return checkWithdrawalSize(amountKobo, limits) ?? checkWithdrawalFunds(amountKobo, limits);
}
