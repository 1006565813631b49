import type { KycTier, TierLadder } from '@karta/shared/kyc-tiers';
import { NAIRA_TEXT, parseNairaToKobo } from '@karta/shared/money';
import type { KycTierLimits } from '@karta/shared/schemas/kyc';
import { AccountNumberSchema, FINANCE_MESSAGES, type Bank } from '@karta/shared/schemas/finance';
import { WITHDRAWAL_MESSAGES, type WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import type { Wallet } from '@karta/shared/schemas/wallet';
import { checkWithdrawalAmount, getWithdrawalMinimumKobo } from '@karta/shared/withdrawal-rules';
import { z } from 'zod';
import { toKobo } from '../../lib/format-money';
import type { AccountResolution } from '../../components/bank-account/use-account-resolution';

/** The "Another account" choice; every other destination is a saved beneficiary's id. */
export const NEW_ACCOUNT = 'new';

export interface WithdrawFormValues {
  /** A saved beneficiary's id, NEW_ACCOUNT, or '' before the user chooses. */
  destination: string;
  bank: Bank | null;
  accountNumber: string;
  addAsBeneficiary: boolean;
  /** Naira as typed: digits and at most two decimals. */
  amount: string;
}

export const EMPTY_WITHDRAW_FORM: WithdrawFormValues = {
  destination: '',
  bank: null,
  accountNumber: '',
  addAsBeneficiary: false,
  amount: '',
};

/**
 * Everything the amount is checked against, in whole kobo so no float ever decides; numbers
 * for the screen, bigint for the shared rules (@karta/shared/withdrawal-rules).
 */
export interface WithdrawLimits {
  feeKobo: number;
  minKobo: number;
  /** The platform's maximum per withdrawal and daily limit; the tier's are in `ladder`. */
  maxKobo: number;
  dailyLimitKobo: number;
  /** What holds for this seller now: the lower of the tier's and the platform's (decision 063). */
  singleKobo: number;
  dailyRemainingKobo: number;
  withdrawnTodayKobo: number;
  balanceKobo: number;
  tier: KycTier;
  ladder: TierLadder;
}

/** Every tier's limits as the API sends them (naira), as the shared rules take them (kobo). */
function toLadder(tiers: KycTierLimits[]): TierLadder {
  const limitsOf = (tier: 1 | 2 | 3) => {
    const found = tiers.find((each) => each.tier === tier);
    return {
      dailyKobo: BigInt(toKobo(found?.daily_withdrawal ?? 0)),
      singleKobo: BigInt(toKobo(found?.single_withdrawal ?? 0)),
    };
  };
  return { 1: limitsOf(1), 2: limitsOf(2), 3: limitsOf(3) };
}

export function toLimits(terms: WithdrawalTerms, wallet: Wallet): WithdrawLimits {
  return {
    feeKobo: toKobo(terms.fee),
    // Shown in the amount's hint: the floor applies whatever the server's setting says.
    minKobo: Number(getWithdrawalMinimumKobo(BigInt(toKobo(terms.min_amount)))),
    maxKobo: toKobo(terms.max_amount),
    dailyLimitKobo: toKobo(terms.daily_limit),
    singleKobo: toKobo(terms.kyc.limits.single_withdrawal),
    dailyRemainingKobo: toKobo(terms.kyc.limits.remaining_today),
    withdrawnTodayKobo: toKobo(terms.kyc.limits.withdrawn_today),
    balanceKobo: toKobo(wallet.balance),
    tier: terms.kyc.tier as KycTier,
    ladder: toLadder(terms.tiers),
  };
}

/** The typed amount in kobo, or null while it is not a naira amount (the API's format). */
export function parseAmountKobo(amount: string): number | null {
  const text = amount.trim();
  return NAIRA_TEXT.test(text) ? Number(parseNairaToKobo(text)) : null;
}

/**
 * What is wrong with an amount; null if nothing. The amount rules and their words are the
 * API's own (the minimum, the maximum, the KYC tier's limits, today's limit, the balance with
 * the fee), so the form refuses exactly what the server would, in the same words.
 */
function getAmountProblem(amount: string, limits: WithdrawLimits): string | null {
  if (!amount.trim()) return WITHDRAWAL_MESSAGES.AMOUNT_REQUIRED;
  const kobo = parseAmountKobo(amount);
  if (kobo === null || kobo === 0) return WITHDRAWAL_MESSAGES.AMOUNT_INVALID;
  const problem = checkWithdrawalAmount(BigInt(kobo), {
    minKobo: BigInt(limits.minKobo),
    maxKobo: BigInt(limits.maxKobo),
    dailyLimitKobo: BigInt(limits.dailyLimitKobo),
    withdrawnTodayKobo: BigInt(limits.withdrawnTodayKobo),
    feeKobo: BigInt(limits.feeKobo),
    balanceKobo: BigInt(limits.balanceKobo),
    tier: limits.tier,
    ladder: limits.ladder,
  });
  return problem?.message ?? null;
}

const WAIT_FOR_NAME = 'Wait for the account name to appear before you continue.';

export interface WithdrawFormContext {
  limits: WithdrawLimits;
  resolution: AccountResolution;
}

/**
 * The withdraw form's rules. The limits, the balance and the account name are only known at
 * run time, so the schema is built from them for each check (react-hook-form's context).
 */
export function makeWithdrawFormSchema({ limits, resolution }: WithdrawFormContext) {
  return z
    .object({
      // No radio chosen reads as null (react-hook-form): the same words as an empty choice.
      destination: z
        .string({ error: WITHDRAWAL_MESSAGES.ACCOUNT_REQUIRED })
        .min(1, WITHDRAWAL_MESSAGES.ACCOUNT_REQUIRED),
      bank: z.custom<Bank>().nullable(),
      accountNumber: z.string(),
      addAsBeneficiary: z.boolean(),
      amount: z.string(),
    })
    .superRefine((values, ctx) => {
      if (values.destination === NEW_ACCOUNT) {
        if (!values.bank) {
          ctx.addIssue({ code: 'custom', path: ['bank'], message: FINANCE_MESSAGES.BANK_REQUIRED });
        }
        const number = AccountNumberSchema.safeParse(values.accountNumber);
        const numberProblem = !number.success
          ? (number.error.issues[0]?.message ?? FINANCE_MESSAGES.ACCOUNT_NUMBER_INVALID)
          : !values.bank
            ? null
            : resolution.status === 'failed'
              ? resolution.message
              : resolution.status === 'resolved'
                ? null
                : WAIT_FOR_NAME;
        if (numberProblem) {
          ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: numberProblem });
        }
      }
      const amountProblem = getAmountProblem(values.amount, limits);
      if (amountProblem) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountProblem });
    });
}
