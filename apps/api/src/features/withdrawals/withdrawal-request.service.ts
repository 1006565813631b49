import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@karta/shared/constants';
import { getLagosDate } from '@karta/shared/dates';
import type {
  Withdrawal,
  WithdrawalRequestInput,
  WithdrawalTerms,
} from '@karta/shared/schemas/withdrawals';
import { QUEUES } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { startOfLagosDay } from '../../lib/lagos-time';
import { koboToNaira, parseNairaToKobo } from '@karta/shared/money';
import {
  checkWithdrawalFunds,
  checkWithdrawalSize,
  WITHDRAWAL_AMOUNT_MESSAGES,
  WITHDRAWAL_MIN_KOBO,
  type WithdrawalAmountProblem,
} from '@karta/shared/withdrawal-rules';
import { lockUser, type UserRow } from '../../lib/users';
import { findLiveBeneficiary, saveBeneficiaryWithin } from '../beneficiaries/beneficiaries.service';
import { resolveBankAccount } from '../finance/account-resolution.service';
import { getUserBalances, postMovements } from '../ledger/ledger.service';
import { checkWithdrawalPin } from '../accounts/pin.service';
import { toWithdrawalView } from './withdrawal-view';
import * as withdrawals from './withdrawals.repository';
import { isUniqueViolation } from '../../lib/pg-errors';

const KYC_REQUIRED = 'Verify your BVN before you withdraw.';
const KEY_REQUIRED = `Send an Idempotency-Key header (up to ${String(IDEMPOTENCY_KEY_MAX_LENGTH)} characters) with each withdrawal request.`;
const KEY_REUSED = 'This Idempotency-Key was already used for a different withdrawal.';

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

/** Fee, limits and what is left of today's limit, for the withdraw screen. */
export async function getWithdrawalTerms(
  ctx: AppContext,
  userId: string,
): Promise<WithdrawalTerms> {
  const { feeKobo, maxKobo, dailyLimitKobo } = ctx.config.withdrawals;
  const today = startOfLagosDay(getLagosDate(ctx.clock.now()));
  const used = await withdrawals.sumWithdrawnSince(ctx.db, userId, today);
  const remaining = dailyLimitKobo > used ? dailyLimitKobo - used : 0n;
  return {
    fee: koboToNaira(feeKobo),
    min_amount: koboToNaira(WITHDRAWAL_MIN_KOBO),
    max_amount: koboToNaira(maxKobo),
    daily_limit: koboToNaira(dailyLimitKobo),
    daily_remaining: koboToNaira(remaining),
  };
}

const refusal = (problem: WithdrawalAmountProblem, cause?: unknown) =>
  new AppError('BAD_REQUEST', problem.message, {
    domainCode: problem.code,
    field: 'amount',
    cause,
  });

/** Where the money goes: a saved account of the user's, or one resolved with the bank now. */
async function destinationOf(
  ctx: AppContext,
  user: UserRow,
  input: WithdrawalRequestInput,
): Promise<WithdrawalDestination> {
  if (input.beneficiary_account_id) {
    const saved = isUuid(input.beneficiary_account_id)
      ? await findLiveBeneficiary(ctx, { userId: user.id, id: input.beneficiary_account_id })
      : undefined;
    if (!saved) {
      throw new AppError('NOT_FOUND', 'We could not find this withdrawal account.', {
        field: 'beneficiary_account_id',
      });
    }
    return {
      bankCode: saved.bankCode,
      bankName: saved.bankName,
      accountNumber: saved.accountNumber,
      accountName: saved.accountName,
      beneficiaryId: saved.id,
      recipientCode: saved.recipientCode,
      saveAsBeneficiary: false,
    };
  }
  const resolved = await resolveBankAccount(ctx, {
    bank_id: input.bank_id ?? 0,
    account_bank: input.account_bank ?? '',
    account_number: input.account_number ?? '',
  });
  return {
    bankCode: resolved.bank.code,
    bankName: resolved.bank.name,
    accountNumber: resolved.account_number,
    accountName: resolved.account_name,
    beneficiaryId: null,
    recipientCode: null,
    saveAsBeneficiary: input.add_as_beneficiary,
  };
}

/** The ledger refused a withdrawal whose balance was not read first (`checkBalanceFirst`). */
class ShortOfFunds extends Error {
  constructor(readonly ledgerError: AppError) {
    super('the wallet balance is short of the withdrawal');
  }
}

/** Where a withdrawal pays to, as the bank resolved it. */
export interface WithdrawalDestination {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  beneficiaryId: string | null;
  recipientCode: string | null;
  saveAsBeneficiary: boolean;
}

/**
 * The one place a withdrawal is made, for the seller's own request and for an automatic
 * withdrawal after a trade's credit (decision 038), in the caller's transaction: with the
 * wallet locked, the daily limit and the balance, the hold (wallet → withdrawal hold in the
 * ledger), the row and its payout job, which the worker sees once the transaction commits.
 * A broken amount rule is answered, not thrown, so a caller whose transaction also carries
 * other work (a trade's approval) can leave the money in the wallet and go on.
 */
export async function placeWithdrawal(
  ctx: AppContext,
  tx: Executor,
  options: {
    userId: string;
    amountKobo: bigint;
    destination: WithdrawalDestination;
    idempotencyKey: string;
    requestHash: string;
    /** The approved trade an automatic withdrawal sends the credit of. */
    tradeId: string | null;
    now: Date;
    /**
     * False: the balance is not read first, and the ledger's own guard refuses a short one by
     * throwing ShortOfFunds, which aborts the transaction (the caller reads the balance for the
     * words after it). One statement fewer for every withdrawal that goes through (decision 046);
     * only for a caller whose transaction carries nothing else.
     */
    checkBalanceFirst?: boolean;
  },
): Promise<
  { row: withdrawals.WithdrawalRow } | { problem: WithdrawalAmountProblem; cause?: unknown }
> {
  const { userId, amountKobo, destination, now } = options;
  const { feeKobo, dailyLimitKobo } = ctx.config.withdrawals;
  const totalKobo = amountKobo + feeKobo;
  // Withdrawals of one user take turns here, on the user's row (an automatic withdrawal's
  // approval holds it already): the daily sum below, read after the lock in a statement of its
  // own, sees every withdrawal of theirs committed before. The wallet's balance rows are locked
  // by postMovements, after this row, in the order an approval takes them (user, then balances).
  // Not lockBalancesOf: three statements where this is one (decision 046).
  await lockUser(tx, userId);
  const used = await withdrawals.sumWithdrawnSince(tx, userId, startOfLagosDay(getLagosDate(now)));
  const availableKobo =
    options.checkBalanceFirst === false ? null : (await getUserBalances(tx, userId)).availableKobo;
  const fundsProblem = checkWithdrawalFunds(amountKobo, {
    dailyLimitKobo,
    dailyRemainingKobo: dailyLimitKobo - used,
    feeKobo,
    // Unread: only the daily limit is checked here, the balance by the ledger below.
    balanceKobo: availableKobo ?? totalKobo,
  });
  if (fundsProblem) return { problem: fundsProblem };
  let beneficiaryId = destination.beneficiaryId;
  if (destination.saveAsBeneficiary) {
    beneficiaryId = await saveBeneficiaryWithin(tx, {
      userId,
      bankCode: destination.bankCode,
      bankName: destination.bankName,
      accountNumber: destination.accountNumber,
      accountName: destination.accountName,
      at: now,
    });
  }
  const id = randomUUID();
  const reference = `wd_${id.replaceAll('-', '')}`;
  try {
    await postMovements(
      tx,
      [
        {
          idempotencyKey: `withdrawal:${id}:hold`,
          kind: 'withdrawal_hold',
          description: `Withdrawal to ${destination.bankName} ${destination.accountNumber}`,
          reference,
          postings: [
            { account: { userId, kind: 'user_wallet' }, amount: -totalKobo },
            { account: { userId, kind: 'user_withdrawal_hold' }, amount: totalKobo },
          ],
        },
      ],
      now,
    );
  } catch (error) {
    // The ledger's own guard (the balance moved after the check above, or was not read): the
    // same words.
    if (error instanceof AppError && error.domainCode === 'INSUFFICIENT_FUNDS') {
      if (availableKobo === null) throw new ShortOfFunds(error);
      return {
        problem: {
          code: 'INSUFFICIENT_FUNDS',
          message: WITHDRAWAL_AMOUNT_MESSAGES.notEnoughBalance(availableKobo, amountKobo, feeKobo),
        },
        cause: error,
      };
    }
    throw error;
  }
  // Its payout job goes in with it (one statement, into the job outbox): the worker's relay
  // queues it once this commits.
  const payoutJob = ctx.jobs.sendStatement(
    QUEUES.payout,
    { withdrawalId: id },
    { singletonKey: id },
  );
  const row = await withdrawals.insertWithdrawal(
    tx,
    {
      id,
      reference,
      userId,
      amountKobo,
      feeKobo,
      provider: ctx.payouts.name,
      bankCode: destination.bankCode,
      bankName: destination.bankName,
      accountNumber: destination.accountNumber,
      accountName: destination.accountName,
      beneficiaryId,
      recipientCode: destination.recipientCode,
      tradeId: options.tradeId,
      idempotencyKey: options.idempotencyKey,
      requestHash: options.requestHash,
      createdAt: now,
    },
    payoutJob,
  );
  return { row };
}

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
    idempotencyKey: string | undefined;
    input: WithdrawalRequestInput;
  },
): Promise<Withdrawal> {
  const { user, input } = options;
  const key = options.idempotencyKey?.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    throw new AppError('BAD_REQUEST', KEY_REQUIRED);
  const requestHash = requestHashOf(input);
  const replay = await withdrawals.findByIdempotencyKey(ctx.db, user.id, key);
  if (replay) return replayOrConflict(replay, requestHash);

  if (!user.kycVerified) throw new AppError('BAD_REQUEST', KYC_REQUIRED, { field: 'bvn' });
  await checkWithdrawalPin(ctx, { user, pin: input.pin, ip: options.ip });
  const amountKobo = parseNairaToKobo(input.amount);
  const sizeProblem = checkWithdrawalSize(amountKobo, {
    minKobo: WITHDRAWAL_MIN_KOBO,
    maxKobo: ctx.config.withdrawals.maxKobo,
  });
  if (sizeProblem) throw refusal(sizeProblem);
  const destination = await destinationOf(ctx, user, input);
  const now = ctx.clock.now();

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
      if ('problem' in placed) throw refusal(placed.problem, placed.cause);
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
