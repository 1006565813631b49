import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { endedClaim } from './trade-claims';
import { insertTradeEvent } from './trade-events.repository';
import * as trades from './trades.repository';

/** A credit of FOUR_EYES_KOBO or more needs a second operator before any money moves. */
export const needsSecondApproval = (ctx: AppContext, finalKobo: bigint) =>
  finalKobo >= ctx.config.fourEyesKobo;

/**
 * The first of two approvals: records who approved, how much and their note (a trade event),
 * and parks the trade in awaiting_second_approval. No money moves and the claim ends, so a
 * second operator can take it. In the caller's transaction, with its audit entry.
 */
export async function holdForSecondApproval(
  ctx: AppContext,
  tx: Executor,
  options: {
    trade: trades.TradeRow;
    actor: Actor;
    finalKobo: bigint;
    note: string | null;
    now: Date;
  },
) {
  const { trade, actor, finalKobo, note, now } = options;
  const held = await trades.updateTrade(tx, trade.id, {
    ...endedClaim,
    status: 'awaiting_second_approval',
  });
  await insertTradeEvent(tx, {
    tradeId: trade.id,
    kind: 'first_approval',
    actorUserId: actor.userId,
    message: note,
    amountKobo: finalKobo,
    createdAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: 'trade.approve',
    targetType: 'trade',
    targetId: trade.id,
    before: { status: trade.status },
    after: {
      status: held.status,
      final_kobo: String(finalKobo),
      expected_kobo: String(trade.expectedKobo),
      note,
      four_eyes_kobo: String(ctx.config.fourEyesKobo),
    },
  });
  return held;
}
