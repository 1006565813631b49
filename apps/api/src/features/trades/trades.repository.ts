import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { TradeStatus } from '@karta/shared/constants';
import type { Executor } from '../../db/client';
import { giftCards, giftCardSubcategories } from '../../db/schema/catalog';
import { tradeAdjustments } from '../../db/schema/trade-adjustments';
import { tradeCounts } from '../../db/schema/trade-counts';
import { tradeImages } from '../../db/schema/trade-images';
import { trades } from '../../db/schema/trades';
import { publishTradeChange } from './trade-live-events';
import { users } from '../../db/schema/users';
import { isUniqueViolation } from '../../lib/pg-errors';
import { preparedOnce } from '../../lib/prepared-once';
import { eventsOfTrade, type TradeEventRecord } from './trade-events.repository';
import { attachedProofOf, type RejectionProofRow } from './rejection-proofs.repository';

export type TradeRow = typeof trades.$inferSelect;
type TradeImageRow = typeof tradeImages.$inferSelect;
export type NewTradeImage = typeof tradeImages.$inferInsert;

/** What a trade view needs besides the trade: its card, category and photos. */
export interface TradeRecord {
  trade: TradeRow;
  card: typeof giftCards.$inferSelect;
  subcategoryName: string;
  images: TradeImageRow[];
  /** Questions, answers and four-eyes steps, oldest first (trade-events.repository.ts). */
  events: TradeEventRecord[];
  /** The proof image attached to its rejection, if any (trade-rejection-proofs.ts). */
  rejectionProof: RejectionProofRow | null;
  /** An admin's adjustment of it waits for a second admin (decision 049). */
  hasWaitingAdjustment: boolean;
}

/** An active subcategory of an active card: the only kind a trade can be made for. */
export async function findTradableSubcategory(tx: Executor, id: string) {
  const [row] = await tx
    .select({ subcategory: giftCardSubcategories, card: giftCards })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(
      and(
        eq(giftCardSubcategories.id, id),
        eq(giftCardSubcategories.active, true),
        eq(giftCards.active, true),
      ),
    );
  return row;
}

export async function insertTrade(tx: Executor, values: typeof trades.$inferInsert) {
  const [row] = await tx.insert(trades).values(values).returning();
  if (!row) throw new Error('trade insert returned nothing');
  await publishTradeChange(tx, row, { isNew: true, status: true, claim: false });
  return row;
}

export async function insertTradeImages(tx: Executor, values: NewTradeImage[]) {
  return tx.insert(tradeImages).values(values).returning();
}

/** Locks the trade for a decision; concurrent reviewers queue here and see the outcome. */
export async function lockTrade(tx: Executor, id: string, userId?: string) {
  const [row] = await tx
    .select()
    .from(trades)
    .where(userId ? and(eq(trades.id, id), eq(trades.userId, userId)) : eq(trades.id, id))
    .for('update');
  return row;
}

/** The claim's release-token hash, read without a lock (decision 072: a beacon locks only on a match). */
export async function findClaimTokenHash(tx: Executor, id: string) {
  const [row] = await tx
    .select({ hash: trades.claimReleaseTokenHash })
    .from(trades)
    .where(eq(trades.id, id));
  return row?.hash ?? null;
}

export async function updateTrade(tx: Executor, id: string, values: Partial<TradeRow>) {
  const [row] = await tx.update(trades).set(values).where(eq(trades.id, id)).returning();
  if (!row) throw new Error(`trade ${id} vanished`);
  // The live stream (decision 069): every state change and claim passes here.
  await publishTradeChange(tx, row, {
    isNew: false,
    status: values.status !== undefined,
    claim: values.claimedByUserId !== undefined,
  });
  return row;
}

export interface TradeFilter {
  userId?: string;
  status?: TradeStatus;
  from?: Date;
  to?: Date;
  /** Only trades this operator may take at `now`: not their own, no one else's live claim. */
  claimableBy?: { userId: string; now: Date };
  /**
   * Only trades waiting for a second staff member (decision 049): a first approval, or an
   * approved trade with an adjustment waiting. Replaces `status`.
   */
  isWaitingSecondApproval?: boolean;
}

/** An adjustment of the outer trade waits for a second admin (a partial index serves it). */
const waitingAdjustmentOf = (tradeId: unknown) =>
  sql<boolean>`exists (select 1 from ${tradeAdjustments} where ${tradeAdjustments.tradeId} = ${tradeId} and ${tradeAdjustments.status} = 'awaiting_second_approval')`;

const claimableBy = ({ userId, now }: { userId: string; now: Date }) =>
  and(
    ne(trades.userId, userId),
    or(
      isNull(trades.claimedByUserId),
      eq(trades.claimedByUserId, userId),
      lte(trades.claimExpiresAt, now),
    ),
  );

const whereOf = (filter: TradeFilter): SQL | undefined =>
  and(
    filter.userId ? eq(trades.userId, filter.userId) : undefined,
    filter.status ? eq(trades.status, filter.status) : undefined,
    filter.from ? gte(trades.createdAt, filter.from) : undefined,
    filter.to ? lt(trades.createdAt, filter.to) : undefined,
    filter.claimableBy ? claimableBy(filter.claimableBy) : undefined,
    filter.isWaitingSecondApproval
      ? or(eq(trades.status, 'awaiting_second_approval'), waitingAdjustmentOf(trades.id))
      : undefined,
  );

/**
 * One page of ids, then the rows: the offset is walked on the index alone (it holds the id),
 * so page 500 costs about what page 1 does instead of fetching 5,000 rows to throw away. The
 * page and the count go in one statement: one round trip, and both see the same snapshot.
 */
export async function listTradeIds(
  tx: Executor,
  options: { filter: TradeFilter; oldestFirst?: boolean; limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = whereOf(options.filter);
  const order = options.oldestFirst
    ? [asc(trades.createdAt), asc(trades.id)]
    : [desc(trades.createdAt), desc(trades.id)];
  const page = tx
    .select({ id: trades.id })
    .from(trades)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  const {
    userId,
    status,
    from,
    to,
    claimableBy: claimable,
    isWaitingSecondApproval,
  } = options.filter;
  // A user's totals are kept by a trigger (trade_counts); only a date range needs a count.
  const total =
    userId && !from && !to && !claimable && !isWaitingSecondApproval
      ? sql`select coalesce(sum(${tradeCounts.n}), 0) from ${tradeCounts} where ${and(
          eq(tradeCounts.userId, userId),
          status ? eq(tradeCounts.status, status) : undefined,
        )}`
      : tx.select({ value: count() }).from(trades).where(where);
  const result = await tx.execute<{ ids: string[]; total: number }>(
    sql`select array(${page}) as ids, (${total})::int as total`,
  );
  const [row] = result.rows;
  return { ids: row?.ids ?? [], total: row?.total ?? 0 };
}

/** A trade's photos in order, as JSON rows with the fields of `TradeImageRow`. */
const imagesOfTrade = sql<TradeImageRow[]>`(
  select coalesce(json_agg(json_build_object(
           'id', ${tradeImages.id}, 'tradeId', ${tradeImages.tradeId},
           'position', ${tradeImages.position}, 'storageKey', ${tradeImages.storageKey},
           'width', ${tradeImages.width}, 'height', ${tradeImages.height},
           'bytes', ${tradeImages.bytes}, 'eventId', ${tradeImages.eventId}) order by ${tradeImages.position}), '[]')
    from ${tradeImages} where ${tradeImages.tradeId} = ${trades.id})`;

/** What a trade record is read as: the trade, its card, category, photos, proof and events. */
const recordColumns = {
  trade: trades,
  card: giftCards,
  subcategoryName: giftCardSubcategories.name,
  images: imagesOfTrade,
  rejectionProof: attachedProofOf(trades.id),
  events: eventsOfTrade(trades.id),
  hasWaitingAdjustment: waitingAdjustmentOf(trades.id),
};

const prepareRecordsQuery = (tx: Executor) =>
  tx
    .select(recordColumns)
    .from(trades)
    .innerJoin(giftCards, eq(giftCards.id, trades.giftCardId))
    .innerJoin(giftCardSubcategories, eq(giftCardSubcategories.id, trades.subcategoryId))
    .where(sql`${trades.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('load_trade_records');

/**
 * Run by every trade list and view: prepared once per database (or transaction), so
 * PostgreSQL plans the four-table statement once per connection and drizzle does not rebuild
 * its SQL each time; the ids go in as one array, so the text never changes.
 */
const recordQueries = preparedOnce(prepareRecordsQuery);

/** Trades with their card, category and photos, in the order of `ids`; one statement. */
export async function loadTradeRecords(tx: Executor, ids: string[]): Promise<TradeRecord[]> {
  if (ids.length === 0) return [];
  const rows = await recordQueries(tx).execute({ ids });
  const byId = new Map(rows.map((row) => [row.trade.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** A user's trades, in one status or all: the total kept by the trade_counts trigger. */
const historyTotal = (withStatus: boolean) => sql`(
  select coalesce(sum(${tradeCounts.n}), 0)::int from ${tradeCounts}
   where ${tradeCounts.userId} = ${sql.placeholder('userId')}::uuid${
     withStatus
       ? sql` and ${tradeCounts.status} = ${sql.placeholder('status')}::trade_status`
       : sql``
   })`;

/**
 * The ids of one page of a user's history (newest first), walked on the index alone from the
 * nearer end: page N of N reads the last rows backwards instead of skipping every row before
 * them, so the deepest page costs what the first does, and a middle page at most half the
 * history. The totals come from the same snapshot as the index (the trigger writes them in the
 * trade's own transaction), so the two walks agree on where each row is.
 */
function historyPageIds(withStatus: boolean) {
  const history = sql`from ${trades} where ${trades.userId} = ${sql.placeholder('userId')}::uuid${
    withStatus ? sql` and ${trades.status} = ${sql.placeholder('status')}::trade_status` : sql``
  }`;
  const limit = sql`${sql.placeholder('limit')}::int`;
  const offset = sql`${sql.placeholder('offset')}::int`;
  return sql`(select case
      when ${offset} * 2 < counted.total then array(
        select ${trades.id} ${history}
         order by ${trades.createdAt} desc, ${trades.id} desc limit ${limit} offset ${offset})
      else array(
        select ${trades.id} ${history}
         order by ${trades.createdAt} asc, ${trades.id} asc
         limit greatest(least(${limit}, counted.total - ${offset}), 0)
        offset greatest(counted.total - ${offset} - ${limit}, 0))
    end
    from (select ${historyTotal(withStatus)} as total) as counted)::uuid[]`;
}

const prepareHistoryPage = (withStatus: boolean) => (tx: Executor) =>
  tx
    .select({ ...recordColumns, total: sql<number>`${historyTotal(withStatus)}` })
    .from(trades)
    .innerJoin(giftCards, eq(giftCards.id, trades.giftCardId))
    .innerJoin(giftCardSubcategories, eq(giftCardSubcategories.id, trades.subcategoryId))
    .where(sql`${trades.id} = any(${historyPageIds(withStatus)})`)
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .prepare(withStatus ? 'trade_history_page_status' : 'trade_history_page');

const historyPageQueries = preparedOnce(prepareHistoryPage(false));
const historyStatusPageQueries = preparedOnce(prepareHistoryPage(true));

/**
 * One page of a user's trades, newest first, with their records and the total: one prepared
 * statement (decision 047: the ids, the total and the records were two, and drizzle built the
 * first on every request). A page past the end has no row to carry the total, so only then is
 * it counted apart.
 */
export async function loadUserTradePage(
  tx: Executor,
  options: { userId: string; status?: TradeStatus; limit: number; offset: number },
): Promise<{ records: TradeRecord[]; total: number }> {
  const { userId, status, limit, offset } = options;
  const rows = status
    ? await historyStatusPageQueries(tx).execute({ userId, status, limit, offset })
    : await historyPageQueries(tx).execute({ userId, limit, offset });
  if (rows.length === 0) {
    if (offset === 0) return { records: [], total: 0 };
    const { total } = await listTradeIds(tx, { filter: { userId, status }, limit: 0, offset: 0 });
    return { records: [], total };
  }
  return { records: rows, total: rows[0]?.total ?? 0 };
}

export async function findTradeImage(tx: Executor, id: string) {
  const [row] = await tx.select().from(tradeImages).where(eq(tradeImages.id, id));
  return row;
}

/** Operators' names, for who holds a claim; nothing else of them. */
export async function findNames(tx: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Who sold the card, for operators. */
export async function findSellers(tx: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

export const referenceTaken = (error: unknown) => isUniqueViolation(error, 'trades_reference_key');

/** The card's name as the seller knows it, for the words of a notice. */
export async function findCardName(tx: Executor, giftCardId: string) {
  const [row] = await tx
    .select({ name: giftCards.name })
    .from(giftCards)
    .where(eq(giftCards.id, giftCardId));
  return row?.name ?? 'gift card';
}
