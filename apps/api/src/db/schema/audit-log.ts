import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from '../columns';

/**
 * Who changed what, before and after. Append-only: a trigger in the migration rejects every
 * UPDATE and DELETE, so not even a bug in our own code can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidKey(),
    /** Not a foreign key: the trail must outlive anything it mentions. */
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    // The audit trail's other filter shapes (decision 028): one action, and no filter (or only
    // dates). With the two above, every filtered page is one backward range scan.
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_created_idx').on(t.createdAt, t.id),
  ],
);
