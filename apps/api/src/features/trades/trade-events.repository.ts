import { and, desc, eq, sql } from 'drizzle-orm';
import type { FourEyesReason } from '@karta/shared/constants';
import type { Executor } from '../../db/client';
import { tradeEvents, type TradeEventKind } from '../../db/schema/trade-events';
import { tradeImages } from '../../db/schema/trade-images';
import { users } from '../../db/schema/users';

/** An event as a trade record carries it: the row's fields, plus who acted, by name. */
export interface TradeEventRecord {
  id: string;
  kind: TradeEventKind;
  actorUserId: string;
  actorFirstName: string;
  actorLastName: string;
  message: string | null;
  /** Kobo as text: JSON has no bigint. */
  amountKobo: string | null;
  /** Why a first approval waits for a second operator (decision 049). */
  fourEyesReason: FourEyesReason | null;
  createdAt: string;
}

/**
 * A trade's events, oldest first, as JSON rows of `TradeEventRecord`: one subquery of the
 * statement that loads trade records (trades.repository.ts), so a page of trades stays one
 * round trip. `trades.id` is the outer trade.
 */
export const eventsOfTrade = (tradeId: unknown) => sql<TradeEventRecord[]>`(
  select coalesce(json_agg(json_build_object(
           'id', ${tradeEvents.id}, 'kind', ${tradeEvents.kind},
           'actorUserId', ${tradeEvents.actorUserId},
           'actorFirstName', ${users.firstName}, 'actorLastName', ${users.lastName},
           'message', ${tradeEvents.message}, 'amountKobo', ${tradeEvents.amountKobo}::text,
           'fourEyesReason', ${tradeEvents.fourEyesReason},
           'createdAt', ${tradeEvents.createdAt})
           order by ${tradeEvents.createdAt}, ${tradeEvents.id}), '[]')
    from ${tradeEvents} join ${users} on ${users.id} = ${tradeEvents.actorUserId}
   where ${tradeEvents.tradeId} = ${tradeId})`;

export async function insertTradeEvent(tx: Executor, values: typeof tradeEvents.$inferInsert) {
  const [row] = await tx.insert(tradeEvents).values(values).returning();
  if (!row) throw new Error('trade event insert returned nothing');
  return row;
}

/** The approval a second operator is asked to confirm: the trade's latest first approval. */
export async function findLatestFirstApproval(tx: Executor, tradeId: string) {
  const [row] = await tx
    .select()
    .from(tradeEvents)
    .where(and(eq(tradeEvents.tradeId, tradeId), eq(tradeEvents.kind, 'first_approval')))
    .orderBy(desc(tradeEvents.createdAt), desc(tradeEvents.id))
    .limit(1);
  return row;
}

/** How many photos the trade holds, and the next free position for one more. */
export async function countTradePhotos(tx: Executor, tradeId: string) {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      nextPosition: sql<number>`coalesce(max(${tradeImages.position}) + 1, 0)::int`,
    })
    .from(tradeImages)
    .where(eq(tradeImages.tradeId, tradeId));
  return { count: row?.count ?? 0, nextPosition: row?.nextPosition ?? 0 };
}
