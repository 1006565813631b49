import {
  SAVED_REPLIES_MAX,
  SUPPORT_MESSAGES,
  type SavedReply,
  type SavedReplyInput,
} from '@karta/shared/schemas/support';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import {
  countSavedReplies,
  deleteSavedReply,
  insertSavedReply,
  listSavedReplies,
  updateSavedReply,
  type SavedReplyRow,
} from './support.repository';

/** An operator's own canned answers for the desk's composer; another operator's are not found. */

const view = (row: SavedReplyRow): SavedReply => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updated_at: row.updatedAt.toISOString(),
});

const notFound = () =>
  new AppError('NOT_FOUND', SUPPORT_MESSAGES.SAVED_REPLY_NOT_FOUND, { field: 'id' });

const audited = (actor: Actor, id: string, before: unknown, after: unknown) => ({
  actor,
  action: 'support.saved_reply' as const,
  targetType: 'saved_reply',
  targetId: id,
  before,
  after,
});

export async function listOwnSavedReplies(ctx: AppContext, actor: Actor): Promise<SavedReply[]> {
  return (await listSavedReplies(ctx.db, actor.userId)).map(view);
}

export async function createSavedReply(
  ctx: AppContext,
  options: { actor: Actor; input: SavedReplyInput },
): Promise<SavedReply> {
  const { actor, input } = options;
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if ((await countSavedReplies(tx, actor.userId)) >= SAVED_REPLIES_MAX) {
      throw new AppError('BAD_REQUEST', SUPPORT_MESSAGES.TOO_MANY_SAVED_REPLIES, {
        domainCode: 'LIMIT_EXCEEDED',
      });
    }
    const row = await insertSavedReply(tx, {
      userId: actor.userId,
      title: input.title,
      body: input.body,
      createdAt: at,
      updatedAt: at,
    });
    await recordAudit(tx, audited(actor, row.id, null, { title: row.title }));
    return view(row);
  });
}

export async function changeSavedReply(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: SavedReplyInput },
): Promise<SavedReply> {
  const { actor, id, input } = options;
  if (!isUuid(id)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const row = await updateSavedReply(tx, {
      id,
      userId: actor.userId,
      title: input.title,
      body: input.body,
      at: ctx.clock.now(),
    });
    if (!row) throw notFound();
    await recordAudit(tx, audited(actor, row.id, null, { title: row.title }));
    return view(row);
  });
}

export async function removeSavedReply(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<null> {
  const { actor, id } = options;
  if (!isUuid(id)) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const row = await deleteSavedReply(tx, { id, userId: actor.userId });
    if (!row) throw notFound();
    await recordAudit(tx, audited(actor, row.id, { title: row.title }, null));
    return null;
  });
}
