import { randomUUID } from 'node:crypto';
import { TRADE_REVIEW_MESSAGES, type AdjustTradeInput } from '@karta/shared/schemas/trades';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import {
  idempotencyKeyReused,
  requestHashOf,
  requireIdempotencyKey,
} from '../../lib/idempotency-key';
import { isUuid } from '../../lib/ids';
import { formatKoboForPeople, parseNairaToKobo } from '@karta/shared/money';
import { ledgerAccountKey, postMovements } from '../ledger/ledger.service';
import { checkSingleCredit } from './credit-limits';
import * as adjustments from './trade-adjustments.repository';
import { mailTradeAdjusted } from './trade-mails';
import { getTradeForOperators } from './trade-review.service';
import * as trades from './trades.repository';
import { TRADE_NOT_FOUND } from './trades.service';

const KEY_REUSED =
  'This Idempotency-Key was already used for a different adjustment of this trade.';

/**
 * An admin's upward correction of an approved trade: a new credit from trade funding to the
 * seller's wallet with its own ledger key, never a change to the approval's. In one database
 * transaction with the trade locked, so adjustments of one trade take turns: the row (with the
 * reason), the audit entry with the credited total before and after, and the posting. The
 * same Idempotency-Key and body answer without crediting again; another body is a 409.
 */
export async function adjustTrade(
  ctx: AppContext,
  options: {
    actor: Actor;
    tradeId: string;
    idempotencyKey: string | undefined;
    input: AdjustTradeInput;
  },
) {
  const { actor, input } = options;
  const key = requireIdempotencyKey(options.idempotencyKey, 'adjustment');
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
      return undefined;
    }
    if (trade.status !== 'approved' || trade.finalKobo === null) {
      throw new AppError('CONFLICT', TRADE_REVIEW_MESSAGES.adjustNotApproved(trade.status), {
        field: 'id',
      });
    }
    checkSingleCredit(ctx, amountKobo, 'amount');

    const earlier = await adjustments.listAdjustments(tx, [trade.id]);
    const creditedKobo = earlier.reduce((sum, row) => sum + row.amountKobo, trade.finalKobo);
    const adjustment = await adjustments.insertAdjustment(tx, {
      id: randomUUID(),
      tradeId: trade.id,
      amountKobo,
      reason: input.reason,
      adjustedByUserId: actor.userId,
      idempotencyKey: key,
      requestHash,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'trade.adjust',
      targetType: 'trade',
      targetId: trade.id,
      before: { credited_kobo: String(creditedKobo) },
      after: {
        credited_kobo: String(creditedKobo + amountKobo),
        amount_kobo: String(amountKobo),
        reason: input.reason,
        adjustment_id: adjustment.id,
      },
    });
    const wallet = { userId: trade.userId, kind: 'user_wallet' } as const;
    const [credit] = await postMovements(
      tx,
      [
        {
          idempotencyKey: `trade:${trade.id}:adjustment:${adjustment.id}`,
          kind: 'trade_credit',
          description: `Trade ${trade.reference} adjusted: ${formatKoboForPeople(amountKobo)} added`,
          reference: trade.reference,
          postings: [
            { account: { kind: 'trade_funding' }, amount: -amountKobo },
            { account: wallet, amount: amountKobo },
          ],
        },
      ],
      now,
    );
    const [seller] = await trades.findSellers(tx, [trade.userId]);
    return { trade, seller, balanceKobo: credit?.balances.get(ledgerAccountKey(wallet)) };
  });

  const view = await getTradeForOperators(ctx, options.tradeId);
  if (outcome?.seller && outcome.balanceKobo !== undefined) {
    await mailTradeAdjusted(ctx, {
      to: outcome.seller,
      trade: outcome.trade,
      cardName: view.gift_card.name,
      amountKobo,
      balanceKobo: outcome.balanceKobo,
    });
  }
  return view;
}
