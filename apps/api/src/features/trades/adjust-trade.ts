import { randomUUID } from 'node:crypto';
import { TRADE_REVIEW_MESSAGES, type AdjustTradeInput } from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { idempotencyKeyReused, requestHashOf } from '../../lib/idempotency-key';
import { isUuid } from '../../lib/ids';
import { formatKoboForPeople, parseNairaToKobo } from '@karta/shared/money';
import { ledgerAccountKey, postMovements } from '../ledger/ledger.service';
import { checkSingleCredit } from './credit-limits';
import * as adjustments from './trade-adjustments.repository';
import { checkFourEyes, recordSoloCredit } from './trade-four-eyes';
import { mailTradeAdjusted } from './trade-mails';
import { getTradeForOperators } from './trade-review.service';
import * as trades from './trades.repository';
import { TRADE_NOT_FOUND } from './trades.service';

const KEY_REUSED =
  'This Idempotency-Key was already used for a different adjustment of this trade.';

type AdjustmentRecord =
  adjustments.TradeAdjustmentRow | Awaited<ReturnType<typeof adjustments.insertAdjustment>>;

/**
 * Moves an adjustment's money: a credit from trade funding to the seller's wallet keyed by the
 * adjustment (`trade:<id>:adjustment:<adjustment id>`), so it can happen once. For a solo
 * adjustment and a second admin's confirmation alike. Returns what the seller's mail needs.
 */
export async function creditAdjustment(
  tx: Executor,
  options: { trade: trades.TradeRow; adjustment: AdjustmentRecord; now: Date },
) {
  const { trade, adjustment, now } = options;
  const wallet = { userId: trade.userId, kind: 'user_wallet' } as const;
  const [credit] = await postMovements(
    tx,
    [
      {
        idempotencyKey: `trade:${trade.id}:adjustment:${adjustment.id}`,
        kind: 'trade_credit',
        description: `Trade ${trade.reference} adjusted: ${formatKoboForPeople(adjustment.amountKobo)} added`,
        reference: trade.reference,
        postings: [
          { account: { kind: 'trade_funding' }, amount: -adjustment.amountKobo },
          { account: wallet, amount: adjustment.amountKobo },
        ],
      },
    ],
    now,
  );
  if (!credit?.isPosted) throw new Error(`adjustment ${adjustment.id} was credited before`);
  const [seller] = await trades.findSellers(tx, [trade.userId]);
  return {
    trade,
    seller,
    amountKobo: adjustment.amountKobo,
    balanceKobo: credit.balances.get(ledgerAccountKey(wallet)),
  };
}

export type AdjustmentCredit = Awaited<ReturnType<typeof creditAdjustment>>;

/** After the commit: the seller hears how much more their trade brought them. */
export async function mailAdjustmentCredit(
  ctx: AppContext,
  credit: AdjustmentCredit,
  cardName: string,
) {
  if (!credit.seller || credit.balanceKobo === undefined) return;
  await mailTradeAdjusted(ctx, {
    to: credit.seller,
    trade: credit.trade,
    cardName,
    amountKobo: credit.amountKobo,
    balanceKobo: credit.balanceKobo,
  });
}

/** The credited total of a trade: its approval plus every credited adjustment. */
async function creditedTotal(tx: Executor, trade: trades.TradeRow) {
  const earlier = await adjustments.listAdjustments(tx, [trade.id]);
  return earlier
    .filter((row) => row.status === 'credited')
    .reduce((sum, row) => sum + row.amountKobo, trade.finalKobo ?? 0n);
}

/**
 * An admin's upward correction of an approved trade: a new credit from trade funding to the
 * seller's wallet with its own ledger key, never a change to the approval's. Adjustments count
 * like approvals (decision 049): one that reaches the four-eyes sum (alone, with what this admin
 * credited the seller today, or on this trade) waits for a second admin and credits nothing
 * yet. In one database transaction with the trade locked, so adjustments of one trade take
 * turns: the row (with the reason), the audit entry with the credited total before and after,
 * and the posting. The same Idempotency-Key and body answer without crediting again; another
 * body is a 409.
 */
export async function adjustTrade(
  ctx: AppContext,
  options: {
    actor: Actor;
    tradeId: string;
    /** Validated by the route's headers schema (lib/idempotency-key.ts). */
    idempotencyKey: string;
    input: AdjustTradeInput;
  },
) {
  const { actor, input } = options;
  const key = options.idempotencyKey;
  if (!isUuid(options.tradeId)) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'id' });
  const amountKobo = parseNairaToKobo(input.amount);
  // Two requests are the same adjustment when the amount and the reason are.
  const requestHash = requestHashOf({ amount: amountKobo.toString(), reason: input.reason });
  const now = ctx.clock.now();

  const outcome = await ctx.db.transaction(async (tx) => {
    const trade = await trades.lockTrade(tx, options.tradeId);
    if (!trade) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND, { field: 'id' });
    if (trade.userId === actor.userId) {
      throw new AppError('FORBIDDEN', TRADE_REVIEW_MESSAGES.OWN_TRADE);
    }
    // Behind the lock: a retry that raced its original finds the original's row here.
    const replay = await adjustments.findAdjustmentByKey(tx, trade.id, key);
    if (replay) {
      if (replay.requestHash !== requestHash) {
        throw idempotencyKeyReused(KEY_REUSED);
      }
      return { adjustmentId: replay.id, credit: null };
    }
    if (trade.status !== 'approved' || trade.finalKobo === null) {
      throw new AppError('CONFLICT', TRADE_REVIEW_MESSAGES.adjustNotApproved(trade.status), {
        field: 'id',
      });
    }
    checkSingleCredit(ctx, amountKobo, 'amount');
    const hold = await checkFourEyes(ctx, tx, { actor, trade, amountKobo, now });
    const creditedKobo = await creditedTotal(tx, trade);
    const adjustment = await adjustments.insertAdjustment(tx, {
      id: randomUUID(),
      tradeId: trade.id,
      amountKobo,
      reason: input.reason,
      adjustedByUserId: actor.userId,
      idempotencyKey: key,
      requestHash,
      createdAt: now,
      status: hold ? 'awaiting_second_approval' : 'credited',
      fourEyesReason: hold?.reason ?? null,
    });
    await recordAudit(tx, {
      actor,
      action: hold ? 'trade.adjust_requested' : 'trade.adjust',
      targetType: 'trade',
      targetId: trade.id,
      before: { credited_kobo: String(creditedKobo) },
      after: {
        credited_kobo: String(hold ? creditedKobo : creditedKobo + amountKobo),
        amount_kobo: String(amountKobo),
        reason: input.reason,
        adjustment_id: adjustment.id,
        ...(hold && {
          four_eyes_reason: hold.reason,
          four_eyes_total_kobo: String(hold.totalKobo),
        }),
      },
    });
    if (hold) return { adjustmentId: adjustment.id, credit: null };
    await recordSoloCredit(tx, {
      actor,
      trade,
      amountKobo,
      kind: 'adjustment',
      adjustmentId: adjustment.id,
      now,
    });
    return {
      adjustmentId: adjustment.id,
      credit: await creditAdjustment(tx, { trade, adjustment, now }),
    };
  });

  const view = await getTradeForOperators(ctx, options.tradeId);
  if (outcome.credit) await mailAdjustmentCredit(ctx, outcome.credit, view.gift_card.name);
  const made = view.adjustments.find((row) => row.id === outcome.adjustmentId);
  if (!made) throw new Error(`adjustment ${outcome.adjustmentId} is not on its trade`);
  return { ...view, adjustment: made };
}
