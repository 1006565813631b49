import { createHash } from 'node:crypto';
import { parseNairaToKobo } from '@karta/shared/money';
import type { Withdrawal, WithdrawalRequestInput } from '@karta/shared/schemas/withdrawals';
import {
  checkWithdrawalSize,
  WITHDRAWAL_AMOUNT_MESSAGES,
  WITHDRAWAL_MIN_KOBO,
} from '@karta/shared/withdrawal-rules';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { kycTierOf } from '../../lib/kyc-state';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { UserRow } from '../../lib/users';
import { checkWithdrawalPin } from '../accounts/pin.service';
import { getUserBalances } from '../ledger/ledger.service';
import { placeWithdrawal, ShortOfFunds, type PlacementProblem } from './place-withdrawal';
import { destinationOf } from './withdrawal-destination';
import { toWithdrawalView } from './withdrawal-view';
import * as withdrawals from './withdrawals.repository';

const KYC_REQUIRED = 'Verify your BVN before you withdraw.';
const KEY_REUSED = 'This Idempotency-Key was already used for a different withdrawal.';
/**
 * An account added less than a day ago (or typed in with the request) is where a stolen session
 * sends the money: a withdrawal to it needs a fresh second factor (decision 061).
 */
const NEW_ACCOUNT_SECONDS = 24 * 60 * 60;

/** What makes two requests "the same" for idempotency: everything but the PIN. */
function requestHashOf(input: WithdrawalRequestInput): string {
  const rest = input;
  const canonical = JSON.stringify({
    amount: parseNairaToKobo(rest.amount).toString(),
    beneficiary_account_id: rest.beneficiary_account_id ?? null,
    bank_id: rest.beneficiary_account_id ? null : (rest.bank_id ?? null),
    account_bank: rest.beneficiary_account_id ? null : (rest.account_bank ?? null),
    account_number: rest.beneficiary_account_id ? null : (rest.account_number ?? null),
    add_as_beneficiary: rest.beneficiary_account_id ? false : rest.add_as_beneficiary,
  });
  return createHash('sha256').update(canonical).digest('hex');
}

function replayOrConflict(existing: withdrawals.WithdrawalRow, requestHash: string): Withdrawal {
  if (existing.requestHash !== requestHash) {
    throw new AppError('CONFLICT', KEY_REUSED, { field: 'idempotency_key' });
  }
  return toWithdrawalView(existing);
}

const refusal = (problem: PlacementProblem, cause?: unknown, accountField = 'amount') =>
  new AppError('BAD_REQUEST', problem.message, {
    domainCode: problem.code,
    // An account not in the seller's name is the account's fault, not the amount's.
    field: problem.code === 'NOT_OWN_ACCOUNT' ? accountField : 'amount',
    cause,
  });

/**
 * A withdrawal request (decision 012). Checks who and how much, then, in one database transaction
 * with the wallet locked: the daily limit, the balance, the hold (wallet → withdrawal hold in
 * the ledger), the withdrawal row and its payout job. The worker pays it out later. The same
 * Idempotency-Key and body answer the same withdrawal; another body with that key is a 409.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  options: {
    user: UserRow;
    /** Where the request came from: the audit log records it if the PIN locks. */
    ip: string;
    /** Validated by the route's headers schema (lib/idempotency-key.ts). */
    idempotencyKey: string;
    input: WithdrawalRequestInput;
    /** The step-up check (the auth plugin's requireStepUp), asked for a new account only. */
    requireStepUp: () => Promise<void>;
  },
): Promise<Withdrawal> {
  const { user, input } = options;
  const key = options.idempotencyKey;
  const requestHash = requestHashOf(input);
  const replay = await withdrawals.findByIdempotencyKey(ctx.db, user.id, key);
  if (replay) return replayOrConflict(replay, requestHash);

  // Tier 0 cannot withdraw: BVN first, as before the tiers (decision 063).
  if (!user.kycVerified || kycTierOf(user) === 0) {
    throw new AppError('BAD_REQUEST', KYC_REQUIRED, { field: 'bvn' });
  }
  await checkWithdrawalPin(ctx, { user, pin: input.pin, ip: options.ip });
  const amountKobo = parseNairaToKobo(input.amount);
  const sizeProblem = checkWithdrawalSize(amountKobo, {
    minKobo: WITHDRAWAL_MIN_KOBO,
    maxKobo: ctx.config.withdrawals.maxKobo,
    tier: kycTierOf(user),
    ladder: ctx.config.kycTiers,
  });
  if (sizeProblem) throw refusal(sizeProblem);
  const destination = await destinationOf(ctx, user, input);
  const now = ctx.clock.now();
  if (destination.savedAt === null || destination.savedAt > addSeconds(now, -NEW_ACCOUNT_SECONDS)) {
    await options.requireStepUp();
  }

  try {
    const row = await ctx.db.transaction(async (tx) => {
      const placed = await placeWithdrawal(ctx, tx, {
        userId: user.id,
        amountKobo,
        destination,
        idempotencyKey: key,
        requestHash,
        tradeId: null,
        now,
        checkBalanceFirst: false,
      });
      if ('problem' in placed) {
        throw refusal(
          placed.problem,
          placed.cause,
          input.beneficiary_account_id ? 'beneficiary_account_id' : 'account_number',
        );
      }
      return placed.row;
    });
    return toWithdrawalView(row);
  } catch (error) {
    if (error instanceof ShortOfFunds) {
      // Read once the refused transaction has ended: the balance now, as a refusal after the
      // check used to show it (a credit may have landed since, never this withdrawal's hold).
      const { availableKobo } = await getUserBalances(ctx.db, user.id);
      const { feeKobo } = ctx.config.withdrawals;
      throw refusal(
        {
          code: 'INSUFFICIENT_FUNDS',
          message: WITHDRAWAL_AMOUNT_MESSAGES.notEnoughBalance(availableKobo, amountKobo, feeKobo),
        },
        error.ledgerError,
      );
    }
    if (isUniqueViolation(error, 'withdrawals_user_idempotency_key')) {
      const existing = await withdrawals.findByIdempotencyKey(ctx.db, user.id, key);
      if (existing) return replayOrConflict(existing, requestHash);
    }
    throw error;
  }
}
