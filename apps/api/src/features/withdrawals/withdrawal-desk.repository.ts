import {
  and,
  between,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { WithdrawalDeskFilter } from '@karta/shared/schemas/withdrawal-desk';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { payoutAlerts } from '../../db/schema/payout-alerts';
import { payoutEvents } from '../../db/schema/payout-events';
import { payoutWebhooks } from '../../db/schema/payouts';
import { users } from '../../db/schema/users';
import { withdrawals } from '../../db/schema/withdrawals';
import { escapeLike } from '../../lib/like-prefix';

export type PayoutEventRow = typeof payoutEvents.$inferSelect;
export type PayoutAlertRow = typeof payoutAlerts.$inferSelect;

const isUnfinished = inArray(withdrawals.status, ['pending', 'processing']);
/** Unfinished and started before `before`: reads the unfinished partial index. */
const stuckBefore = (before: Date) =>
  and(
    isUnfinished,
    lt(sql`coalesce(${withdrawals.processingAt}, ${withdrawals.createdAt})`, before),
  );

/**
 * What the search box found out: a whole reference or account number (exactly), the start of a
 * reference (as a range of ids: a reference is `wd_` and its id's hex), or the start of a
 * seller's name or e-mail.
 */
export type DeskSearch =
  | { reference: string }
  | { idRange: { from: string; to: string } }
  | { accountNumber: string }
  | { sellerPrefix: string }
  | { nothing: true };

/**
 * How many sellers a name or e-mail prefix may stand for, per index read: "a" on a million
 * sellers reads at most this many rows from each prefix index (the sellers desk's own bound),
 * then their withdrawals through withdrawals_user_created_idx.
 */
const DESK_SELLER_MATCH_CAP = 50;

/** Sellers whose e-mail, full name or last name starts with the text, read from their indexes. */
function sellersStartingWith(text: string): SQL {
  const pattern = `${escapeLike(text.toLowerCase())}%`;
  return sql`(
    (select id from users where email like ${pattern} limit ${DESK_SELLER_MATCH_CAP})
    union (select id from users where search_full_name like ${pattern} limit ${DESK_SELLER_MATCH_CAP})
    union (select id from users where search_last_name like ${pattern} limit ${DESK_SELLER_MATCH_CAP}))`;
}

export interface DeskFilter {
  status?: WithdrawalDeskFilter | undefined;
  search?: DeskSearch | undefined;
  stuckBefore: Date;
}

function whereOf(filter: DeskFilter): SQL | undefined {
  const { status, search } = filter;
  return and(
    status === 'stuck'
      ? stuckBefore(filter.stuckBefore)
      : status === 'reversed'
        ? isNotNull(withdrawals.reversedAt)
        : status
          ? eq(withdrawals.status, status)
          : undefined,
    !search
      ? undefined
      : 'reference' in search
        ? eq(withdrawals.reference, search.reference)
        : 'idRange' in search
          ? between(withdrawals.id, search.idRange.from, search.idRange.to)
          : 'accountNumber' in search
            ? eq(withdrawals.accountNumber, search.accountNumber)
            : 'sellerPrefix' in search
              ? sql`${withdrawals.userId} in ${sellersStartingWith(search.sellerPrefix)}`
              : sql`false`,
  );
}

const sellerColumns = {
  userFirstName: users.firstName,
  userLastName: users.lastName,
  userEmail: users.email,
};

/** Newest first; with `stuck` the longest-waiting first. */
export async function listDeskWithdrawals(
  tx: Executor,
  options: { filter: DeskFilter; limit: number; offset: number },
) {
  const where = whereOf(options.filter);
  const isStuckList = options.filter.status === 'stuck';
  const [rows, [total]] = await Promise.all([
    tx
      .select({ withdrawal: withdrawals, ...sellerColumns })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(
        ...(isStuckList
          ? [sql`coalesce(${withdrawals.processingAt}, ${withdrawals.createdAt})`, withdrawals.id]
          : [desc(withdrawals.createdAt), desc(withdrawals.id)]),
      )
      .limit(options.limit)
      .offset(options.offset),
    tx
      .select({ value: count() })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findDeskWithdrawal(tx: Executor, id: string) {
  const [row] = await tx
    .select({ withdrawal: withdrawals, ...sellerColumns })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  return row;
}

export type DeskRow = NonNullable<Awaited<ReturnType<typeof findDeskWithdrawal>>>;

export async function countStuck(tx: Executor, before: Date): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(withdrawals).where(stuckBefore(before));
  return row?.value ?? 0;
}

export async function insertPayoutEvent(
  tx: Executor,
  values: { reference: string; source: string; status: string; detail: string | null; at: Date },
) {
  await tx.insert(payoutEvents).values({
    reference: values.reference,
    source: values.source,
    status: values.status,
    detail: values.detail,
    createdAt: values.at,
  });
}

export async function listPayoutEvents(tx: Executor, reference: string) {
  return tx
    .select()
    .from(payoutEvents)
    .where(eq(payoutEvents.reference, reference))
    .orderBy(payoutEvents.createdAt);
}

export async function listWebhooks(tx: Executor, reference: string) {
  return tx
    .select({
      event: payoutWebhooks.event,
      status: payoutWebhooks.status,
      receivedAt: payoutWebhooks.receivedAt,
      processedAt: payoutWebhooks.processedAt,
    })
    .from(payoutWebhooks)
    .where(eq(payoutWebhooks.reference, reference))
    .orderBy(payoutWebhooks.receivedAt);
}

/** Raises the alert once per withdrawal and kind; a second report of the same news adds nothing. */
export async function raiseAlert(
  tx: Executor,
  values: { withdrawalId: string; kind: string; detail: string; at: Date },
) {
  await tx
    .insert(payoutAlerts)
    .values({
      withdrawalId: values.withdrawalId,
      kind: values.kind,
      detail: values.detail,
      createdAt: values.at,
    })
    .onConflictDoNothing();
}

export async function listAlertsOf(tx: Executor, withdrawalIds: string[]) {
  if (withdrawalIds.length === 0) return [];
  return tx
    .select()
    .from(payoutAlerts)
    .where(inArray(payoutAlerts.withdrawalId, withdrawalIds))
    .orderBy(payoutAlerts.createdAt);
}

/** Open alerts, newest first, with the withdrawal's reference. */
export async function listOpenAlerts(tx: Executor, limit: number) {
  const [rows, [total]] = await Promise.all([
    tx
      .select({ alert: payoutAlerts, reference: withdrawals.reference })
      .from(payoutAlerts)
      .innerJoin(withdrawals, eq(withdrawals.id, payoutAlerts.withdrawalId))
      .where(isNull(payoutAlerts.resolvedAt))
      .orderBy(desc(payoutAlerts.createdAt))
      .limit(limit),
    tx.select({ value: count() }).from(payoutAlerts).where(isNull(payoutAlerts.resolvedAt)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** What operators did to a withdrawal, oldest first, with their names (the audit log's index). */
export async function listAuditSteps(tx: Executor, withdrawalId: string) {
  const rows = await tx
    .select({
      action: auditLog.action,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, withdrawalId)))
    .orderBy(auditLog.createdAt);
  return rows.map((row) => ({
    action: row.action,
    after: row.after,
    createdAt: row.createdAt,
    actorName: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : 'an operator',
  }));
}

/**
 * The request hash of the fail-and-refund this withdrawal had with this Idempotency-Key, or
 * undefined when none did (a refused call leaves no entry: its retry is asked anew).
 */
export async function findFailByKey(tx: Executor, withdrawalId: string, key: string) {
  const [row] = await tx
    .select({ requestHash: sql<string | null>`${auditLog.after}->>'request_hash'` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'withdrawal'),
        eq(auditLog.targetId, withdrawalId),
        eq(auditLog.action, 'withdrawal.fail'),
        sql`${auditLog.after}->>'idempotency_key' = ${key}`,
      ),
    )
    .limit(1);
  return row;
}

/** Marks that the worker is about to send the transfer: from here "not found" is not safe. */
export async function markTransferRequested(tx: Executor, values: { reference: string; at: Date }) {
  await insertPayoutEvent(tx, {
    reference: values.reference,
    source: 'worker',
    status: 'requested',
    detail: null,
    at: values.at,
  });
}

/** Whether the worker ever sent (or was about to send) this reference's transfer. */
export async function wasTransferRequested(tx: Executor, reference: string) {
  const [row] = await tx
    .select({ id: payoutEvents.id })
    .from(payoutEvents)
    .where(and(eq(payoutEvents.reference, reference), eq(payoutEvents.status, 'requested')))
    .limit(1);
  return !!row;
}

/** Whether this withdrawal ever had an alert of this kind (open or resolved). */
export async function hasAlert(tx: Executor, withdrawalId: string, kind: string) {
  const [row] = await tx
    .select({ id: payoutAlerts.id })
    .from(payoutAlerts)
    .where(and(eq(payoutAlerts.withdrawalId, withdrawalId), eq(payoutAlerts.kind, kind)))
    .limit(1);
  return !!row;
}
