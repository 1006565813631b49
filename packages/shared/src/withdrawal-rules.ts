import { MIN_WITHDRAWAL_KOBO } from './constants';
import {
  formatLimit,
  tierLimitMessage,
  tierLimitsOf,
  type KycTier,
  type TierLadder,
} from './kyc-tiers';
import { formatKoboForPeople as naira } from './money';
import type { DomainErrorCode } from './schemas/common';

/**
 * The withdrawal amount rules and their words, in one place for the withdraw form and the API
 * (docs/ARCHITECTURE.md#domain-rules): the minimum, the maximum per withdrawal, the daily limit, the seller's KYC
 * tier (decision 063) and the balance. Amounts are whole kobo as bigint, so no float ever
 * decides whether money may move.
 */

/**
 * The seller's KYC tier and every tier's limits. The platform's own maximum and daily limit
 * still hold: whichever is lower decides, and the tier's words are said when the tier's is.
 */
export interface TierInput {
  tier: KycTier;
  ladder: TierLadder;
}

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
  /** The tier's words, then what is left of them today. */
  aboveTierDailyLimit: (tierWords: string, dailyKobo: bigint, leftKobo: bigint) =>
    dailyKobo === 0n
      ? tierWords
      : leftKobo > 0n
        ? `${tierWords} You can withdraw up to ${formatLimit(leftKobo)} more today.`
        : `${tierWords} You have reached it for today.`,
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

/** The size rules: known before anything is locked (the tier is checked again under the lock). */
export function checkWithdrawalSize(
  amountKobo: bigint,
  limits: { minKobo: bigint; maxKobo: bigint } & TierInput,
): WithdrawalAmountProblem | null {
  const minKobo = getWithdrawalMinimumKobo(limits.minKobo);
  if (amountKobo < minKobo) {
    return { code: 'AMOUNT_TOO_SMALL', message: WITHDRAWAL_AMOUNT_MESSAGES.belowMinimum(minKobo) };
  }
  const tierSingleKobo = tierLimitsOf(limits.ladder, limits.tier).singleKobo;
  if (tierSingleKobo <= limits.maxKobo && amountKobo > tierSingleKobo) {
    return {
      code: 'LIMIT_EXCEEDED',
      message: tierLimitMessage(limits.ladder, limits.tier, 'single'),
    };
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
    /** Withdrawn (and not failed) since the start of today, Lagos time. */
    withdrawnTodayKobo: bigint;
    feeKobo: bigint;
    balanceKobo: bigint;
  } & TierInput,
): WithdrawalAmountProblem | null {
  const tierDailyKobo = tierLimitsOf(limits.ladder, limits.tier).dailyKobo;
  const isTierBinding = tierDailyKobo <= limits.dailyLimitKobo;
  const dailyKobo = isTierBinding ? tierDailyKobo : limits.dailyLimitKobo;
  const remainingKobo = dailyKobo - limits.withdrawnTodayKobo;
  if (amountKobo > remainingKobo) {
    const leftKobo = remainingKobo > 0n ? remainingKobo : 0n;
    return {
      code: 'LIMIT_EXCEEDED',
      message: isTierBinding
        ? WITHDRAWAL_AMOUNT_MESSAGES.aboveTierDailyLimit(
            tierLimitMessage(limits.ladder, limits.tier, 'daily'),
            dailyKobo,
            leftKobo,
          )
        : WITHDRAWAL_AMOUNT_MESSAGES.aboveDailyLimit(dailyKobo, leftKobo),
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

const lower = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * What the seller may withdraw now: per withdrawal and per day the lower of the tier's limit and
 * the platform's, and what is left of the day's (never below zero).
 */
export function getWithdrawalRoom(
  limits: { maxKobo: bigint; dailyLimitKobo: bigint; withdrawnTodayKobo: bigint } & TierInput,
): { singleKobo: bigint; dailyKobo: bigint; remainingKobo: bigint } {
  const tierLimits = tierLimitsOf(limits.ladder, limits.tier);
  const dailyKobo = lower(tierLimits.dailyKobo, limits.dailyLimitKobo);
  const remainingKobo = dailyKobo - limits.withdrawnTodayKobo;
  return {
    singleKobo: lower(tierLimits.singleKobo, limits.maxKobo),
    dailyKobo,
    remainingKobo: remainingKobo > 0n ? remainingKobo : 0n,
  };
}

/** Every amount rule, in the order a person meets them (the form checks all at once). */
export function checkWithdrawalAmount(
  amountKobo: bigint,
  limits: Parameters<typeof checkWithdrawalSize>[1] & Parameters<typeof checkWithdrawalFunds>[1],
): WithdrawalAmountProblem | null {
  return checkWithdrawalSize(amountKobo, limits) ?? checkWithdrawalFunds(amountKobo, limits);
}
