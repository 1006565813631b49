import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { WithdrawalStatus } from '@karta/shared/constants';
import type { Database, Executor } from '../../db/client';
import { preparedOnce } from '../../lib/prepared-once';
import { withdrawals } from '../../db/schema/withdrawals';
import { publishEvent } from '../events/events.service';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * Its seller hears the withdrawal's new status, in the change's transaction (decision 069), and
 * so does staff: the money desk refreshes in place on a new request or a payout's outcome
 * (decision 079), as the review queue does on `queue`.
 */
async function publishWithdrawalChange(tx: Executor, row: WithdrawalRow) {
  const data = { id: row.id, reference: row.reference, status: row.status };
  await publishEvent(tx, { userId: row.userId, type: 'withdrawal', data });
  await publishEvent(tx, { userId: null, type: 'withdrawal', data });
}

/**
 * The new withdrawal, with its payout job's insert into the job outbox (`job`, from jobs'
 * `sendStatement`, decision 056) as a data-modifying WITH of the same statement: one round trip
 * for both, and both or neither.
 */
export async function insertWithdrawal(
  tx: Executor,
  values: typeof withdrawals.$inferInsert,
  job: SQL,
) {
  // drizzle types a WITH's body as a query builder; at run time any SQL does (it calls getSQL()).
  const queuedJob = tx.$with('queued_job').as(job as never);
  const [row] = await tx.with(queuedJob).insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  await publishWithdrawalChange(tx, row);
  return row;
}

const idempotencyKeyLookup = preparedOnce((db) =>
  db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, sql.placeholder('userId')),
        eq(withdrawals.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .prepare('withdrawal_by_idempotency_key'),
);

/** Run before every withdrawal request (a replay answers what the first one did): prepared. */
export async function findByIdempotencyKey(db: Database, userId: string, key: string) {
  const [row] = await idempotencyKeyLookup(db).execute({ userId, key });
  return row;
}

export async function lockWithdrawal(tx: Executor, id: string) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

export async function findByReference(tx: Executor, reference: string) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.reference, reference));
  return row;
}

export async function updateWithdrawal(tx: Executor, id: string, values: Partial<WithdrawalRow>) {
  const [row] = await tx.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error(`withdrawal ${id} vanished`);
  // The live stream (decision 069): the request, the worker's outcomes and the desk pass here.
  if (values.status !== undefined) await publishWithdrawalChange(tx, row);
  return row;
}

/**
 * Kobo withdrawn (or on the way) since `from`: failed ones gave the money back, so don't count.
 * Plain SQL: run in each withdrawal's transaction, where preparing would build it every time.
 */
export interface WithdrawalFilter {
  userId: string;
  status?: WithdrawalStatus;
  from?: Date;
  to?: Date;
}

const whereOf = (filter: WithdrawalFilter): SQL | undefined =>
  and(
    eq(withdrawals.userId, filter.userId),
    filter.status ? eq(withdrawals.status, filter.status) : undefined,
    filter.from ? gte(withdrawals.createdAt, filter.from) : undefined,
    filter.to ? lt(withdrawals.createdAt, filter.to) : undefined,
  );

export async function listWithdrawals(
  tx: Executor,
  options: { filter: WithdrawalFilter; limit: number; offset: number },
) {
  const where = whereOf(options.filter);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ value: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Withdrawals whose payout should have moved on by now: its job was lost, or its webhook was. */
export async function findStuckWithdrawals(tx: Executor, olderThan: Date, limit = 100) {
  return tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.status, ['pending', 'processing']),
        lt(sql`coalesce(${withdrawals.processingAt}, ${withdrawals.createdAt})`, olderThan),
      ),
    )
    .limit(limit);
}
