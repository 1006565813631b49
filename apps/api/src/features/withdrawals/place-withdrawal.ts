import { randomUUID } from 'node:crypto';
import {
  checkWithdrawalFunds,
  checkWithdrawalSize,
  WITHDRAWAL_AMOUNT_MESSAGES,
  WITHDRAWAL_MIN_KOBO,
  type WithdrawalAmountProblem,
} from '@karta/shared/withdrawal-rules';
import { QUEUES } from '../../adapters/jobs/jobs';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { kycTierOf, sumWithdrawnToday } from '../../lib/kyc-state';
import { lockAndFindUser } from '../../lib/users';
import { saveBeneficiaryWithin } from '../beneficiaries/beneficiaries.service';
import { notOwnAccountReason } from '../beneficiaries/own-accounts.service';
import { getUserBalances, postMovements } from '../ledger/ledger.service';
import type { WithdrawalDestination } from './withdrawal-destination';
import * as withdrawals from './withdrawals.repository';

/** An amount rule, or an account not in the seller's own name (decision 064). */
export type PlacementProblem =
  WithdrawalAmountProblem | { code: 'NOT_OWN_ACCOUNT'; message: string };

/** The ledger refused a withdrawal whose balance was not read first (`checkBalanceFirst`). */
export class ShortOfFunds extends Error {
  constructor(readonly ledgerError: AppError) {
    super('the wallet balance is short of the withdrawal');
  }
}

/**
 * The one place a withdrawal is made, for the seller's own request and for an automatic
 * withdrawal after a trade's credit (decision 038), in the caller's transaction: with the
 * wallet locked, the seller's KYC tier as it stands then (decision 063), the daily limit and the
 * balance, the hold (wallet → withdrawal hold in the
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
): Promise<{ row: withdrawals.WithdrawalRow } | { problem: PlacementProblem; cause?: unknown }> {
  const { userId, amountKobo, destination, now } = options;
  const { feeKobo, dailyLimitKobo, maxKobo } = ctx.config.withdrawals;
  const ladder = ctx.config.kycTiers;
  const totalKobo = amountKobo + feeKobo;
  // Withdrawals of one user take turns here, on the user's row (an automatic withdrawal's
  // approval holds it already): the daily sum below, read after the lock in a statement of its
  // own, sees every withdrawal of theirs committed before. The wallet's balance rows are locked
  // by postMovements, after this row, in the order an approval takes them (user, then balances).
  // Not lockBalancesOf: three statements where this is one (decision 046). The row comes back
  // with the lock, so the tier checked is the one that holds now: a tier lowered meanwhile
  // counts, one raised since the caller read it too.
  const holder = await lockAndFindUser(tx, userId);
  if (!holder) throw new Error(`withdrawal for a user that does not exist: ${userId}`);
  // Money goes only to the seller's own accounts, or one an operator approved (decision 064):
  // for a saved account as for one typed in now, asked for or automatic.
  const notOwn = await notOwnAccountReason(tx, {
    user: holder,
    bankCode: destination.bankCode,
    accountNumber: destination.accountNumber,
    accountName: destination.accountName,
  });
  if (notOwn) return { problem: { code: 'NOT_OWN_ACCOUNT', message: notOwn } };
  const tier = kycTierOf(holder);
  const tierProblem = checkWithdrawalSize(amountKobo, {
    minKobo: WITHDRAWAL_MIN_KOBO,
    maxKobo,
    tier,
    ladder,
  });
  if (tierProblem) return { problem: tierProblem };
  const withdrawnTodayKobo = await sumWithdrawnToday(tx, userId, now);
  const availableKobo =
    options.checkBalanceFirst === false ? null : (await getUserBalances(tx, userId)).availableKobo;
  const fundsProblem = checkWithdrawalFunds(amountKobo, {
    dailyLimitKobo,
    withdrawnTodayKobo,
    feeKobo,
    // Unread: only the daily limit is checked here, the balance by the ledger below.
    balanceKobo: availableKobo ?? totalKobo,
    tier,
    ladder,
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
