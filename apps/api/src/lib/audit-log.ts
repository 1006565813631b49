import type { AuditAction } from '@karta/shared/audit-actions';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/audit-log';

/** Who is acting and from where: every admin change is recorded with both. */
export interface Actor {
  userId: string;
  ip: string;
}

/** One entry of the audit log, as `recordAudit` takes it. */
export interface AuditEntry {
  actor: Actor;
  /**
   * One of the shared list's names (packages/shared/src/audit-actions.ts), so an action the
   * console has no label and filter for does not type-check.
   */
  action: AuditAction;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

const rowOf = (entry: AuditEntry) => ({
  actorUserId: entry.actor.userId,
  action: entry.action,
  targetType: entry.targetType,
  targetId: entry.targetId,
  before: entry.before ?? null,
  after: entry.after ?? null,
  ip: entry.actor.ip,
});

/** Written in the caller's transaction, so the record exists exactly when the change does. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, [entry]);
}

/** Several entries of one change in one round trip, in the order given. */
export async function recordAudits(tx: Executor, entries: AuditEntry[]): Promise<void> {
  if (entries.length > 0) await tx.insert(auditLog).values(entries.map(rowOf));
}
