import type { Executor } from '../db/client';
import { auditLog } from '../db/schema/audit-log';

/** Who is acting and from where: every admin change is recorded with both. */
export interface Actor {
  userId: string;
  ip: string;
}

/** Written in the caller's transaction, so the record exists exactly when the change does. */
export async function recordAudit(
  tx: Executor,
  entry: {
    actor: Actor;
    action: string;
    targetType: string;
    targetId: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: entry.actor.userId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.actor.ip,
  });
}
