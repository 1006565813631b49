import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { SupportStatus } from '@karta/shared/schemas/support';
import type { Executor } from '../../db/client';
import { notices } from '../../db/schema/notices';
import {
  savedReplies,
  supportConversations,
  supportMessagePhotos,
  supportMessages,
} from '../../db/schema/support';
import { trades } from '../../db/schema/trades';
import { users } from '../../db/schema/users';

export type ConversationRow = typeof supportConversations.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type PhotoRow = typeof supportMessagePhotos.$inferSelect;
export type SavedReplyRow = typeof savedReplies.$inferSelect;

/** The Karta team's messages the seller has not read yet, per conversation. */
const unreadCount = sql<number>`(
  select count(*)::int from ${supportMessages} m
   where m.conversation_id = ${supportConversations.id} and m.from_staff
     and m.created_at > coalesce(${supportConversations.sellerReadAt}, '-infinity'::timestamptz)
)`;

/** The newest message's first words, for a list row. */
const lastPreview = sql<string>`coalesce((
  select left(m.body, 140) from ${supportMessages} m
   where m.conversation_id = ${supportConversations.id}
   order by m.created_at desc, m.id desc limit 1
), '')`;

const listColumns = {
  conversation: supportConversations,
  unread: unreadCount,
  preview: lastPreview,
  tradeReference: trades.reference,
  tradeStatus: trades.status,
};

export async function insertConversation(
  tx: Executor,
  values: typeof supportConversations.$inferInsert,
) {
  const [row] = await tx
    .insert(supportConversations)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A conversation of this seller (never another's): the lookup every seller route makes. */
export async function lockSellerConversation(tx: Executor, id: string, userId: string) {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.id, id), eq(supportConversations.userId, userId)))
    .for('update');
  return row;
}

export async function lockConversation(tx: Executor, id: string) {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, id))
    .for('update');
  return row;
}

export async function lockConversationOfTrade(tx: Executor, tradeId: string) {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.tradeId, tradeId))
    .for('update');
  return row;
}

export async function updateConversation(
  tx: Executor,
  id: string,
  changes: Partial<typeof supportConversations.$inferInsert>,
) {
  const [row] = await tx
    .update(supportConversations)
    .set(changes)
    .where(eq(supportConversations.id, id))
    .returning();
  if (!row) throw new Error('support conversation update found no row');
  return row;
}

/** The trade, when it is this seller's (or any trade, for staff). */
export async function findTradeRef(tx: Executor, tradeId: string, userId?: string) {
  const [row] = await tx
    .select({
      id: trades.id,
      userId: trades.userId,
      reference: trades.reference,
      status: trades.status,
    })
    .from(trades)
    .where(
      userId ? and(eq(trades.id, tradeId), eq(trades.userId, userId)) : eq(trades.id, tradeId),
    );
  return row;
}

export async function insertMessage(tx: Executor, values: typeof supportMessages.$inferInsert) {
  const [row] = await tx.insert(supportMessages).values(values).returning();
  if (!row) throw new Error('support message insert returned no row');
  return row;
}

export async function insertPhotos(
  tx: Executor,
  values: (typeof supportMessagePhotos.$inferInsert)[],
) {
  if (values.length === 0) return [];
  return tx.insert(supportMessagePhotos).values(values).returning();
}

/** The seller's conversations, newest activity first, with unread counts and the trade. */
export async function listSellerConversations(
  tx: Executor,
  options: { userId: string; tradeId?: string; limit: number; offset: number },
) {
  const where = and(
    eq(supportConversations.userId, options.userId),
    options.tradeId ? eq(supportConversations.tradeId, options.tradeId) : undefined,
  );
  const [rows, [total], [unread]] = await Promise.all([
    tx
      .select(listColumns)
      .from(supportConversations)
      .leftJoin(trades, eq(trades.id, supportConversations.tradeId))
      .where(where)
      .orderBy(desc(supportConversations.lastMessageAt), asc(supportConversations.id))
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ value: count() }).from(supportConversations).where(where),
    tx
      .select({ value: sql<number>`coalesce(sum(${unreadCount}), 0)::int` })
      .from(supportConversations)
      .where(eq(supportConversations.userId, options.userId)),
  ]);
  return { rows, total: total?.value ?? 0, unread: unread?.value ?? 0 };
}
export type ConversationListRow = Awaited<
  ReturnType<typeof listSellerConversations>
>['rows'][number];

/** One conversation with the same columns as a list row. */
export async function findConversationRow(tx: Executor, id: string, userId?: string) {
  const [row] = await tx
    .select(listColumns)
    .from(supportConversations)
    .leftJoin(trades, eq(trades.id, supportConversations.tradeId))
    .where(
      userId
        ? and(eq(supportConversations.id, id), eq(supportConversations.userId, userId))
        : eq(supportConversations.id, id),
    );
  return row;
}

export async function findConversationIdOfTrade(tx: Executor, tradeId: string) {
  const [row] = await tx
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(eq(supportConversations.tradeId, tradeId));
  return row?.id;
}

/** A page of a conversation's messages, newest first. */
export async function listMessages(
  tx: Executor,
  options: { conversationId: string; limit?: number; offset?: number; oldestFirst?: boolean },
) {
  const where = eq(supportMessages.conversationId, options.conversationId);
  const order = options.oldestFirst
    ? [asc(supportMessages.createdAt), asc(supportMessages.id)]
    : [desc(supportMessages.createdAt), desc(supportMessages.id)];
  const query = tx
    .select()
    .from(supportMessages)
    .where(where)
    .orderBy(...order);
  const [rows, [total]] = await Promise.all([
    options.limit === undefined ? query : query.limit(options.limit).offset(options.offset ?? 0),
    tx.select({ value: count() }).from(supportMessages).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findPhotosOf(tx: Executor, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return tx
    .select()
    .from(supportMessagePhotos)
    .where(inArray(supportMessagePhotos.messageId, messageIds))
    .orderBy(asc(supportMessagePhotos.position));
}

export async function findPhoto(tx: Executor, id: string) {
  const [row] = await tx.select().from(supportMessagePhotos).where(eq(supportMessagePhotos.id, id));
  return row;
}

/** Everything up to now is read by the seller. */
export async function markRead(tx: Executor, options: { id: string; userId: string; at: Date }) {
  const [row] = await tx
    .update(supportConversations)
    .set({ sellerReadAt: options.at })
    .where(
      and(eq(supportConversations.id, options.id), eq(supportConversations.userId, options.userId)),
    )
    .returning({ id: supportConversations.id });
  return row;
}

/**
 * Takes the conversation's mail turn when the last mail is at least `since` ago: one statement,
 * so two staff messages at once cannot both mail (decision 070).
 */
export async function takeMailTurn(tx: Executor, options: { id: string; at: Date; since: Date }) {
  const [row] = await tx
    .update(supportConversations)
    .set({ lastMailedAt: options.at })
    .where(
      and(
        eq(supportConversations.id, options.id),
        or(
          isNull(supportConversations.lastMailedAt),
          lte(supportConversations.lastMailedAt, options.since),
        ),
      ),
    )
    .returning({ id: supportConversations.id });
  return row !== undefined;
}

/** Whether the seller still has an unread notice about this conversation (one is enough). */
export async function hasUnreadNotice(tx: Executor, options: { userId: string; link: string }) {
  const [row] = await tx
    .select({ id: notices.id })
    .from(notices)
    .where(
      and(
        eq(notices.userId, options.userId),
        eq(notices.kind, 'support_message'),
        eq(notices.link, options.link),
        isNull(notices.readAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The desk's queue: oldest waiting first (then the oldest activity). */
export async function listQueue(
  tx: Executor,
  options: { status: SupportStatus; limit: number; offset: number },
) {
  const where = eq(supportConversations.status, options.status);
  const [rows, [total]] = await Promise.all([
    tx
      .select(listColumns)
      .from(supportConversations)
      .leftJoin(trades, eq(trades.id, supportConversations.tradeId))
      .where(where)
      .orderBy(
        sql`coalesce(${supportConversations.waitingSince}, ${supportConversations.lastMessageAt})`,
        asc(supportConversations.id),
      )
      .limit(options.limit)
      .offset(options.offset),
    tx.select({ value: count() }).from(supportConversations).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The overview's figures: open conversations and since when the oldest has waited. */
export async function openSummary(tx: Executor) {
  const [row] = await tx
    .select({
      open: count(),
      oldestWaitingSince: sql<Date | null>`min(${supportConversations.waitingSince})`.mapWith(
        (value: string | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(supportConversations)
    .where(eq(supportConversations.status, 'open'));
  return { open: row?.open ?? 0, oldestWaitingSince: row?.oldestWaitingSince ?? null };
}

/** Names and e-mails of the people a page names (sellers, authors, claim holders). */
export async function findPeople(tx: Executor, userIds: string[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
export type Person = Awaited<ReturnType<typeof findPeople>>[number];

export async function listSavedReplies(tx: Executor, userId: string) {
  return tx
    .select()
    .from(savedReplies)
    .where(eq(savedReplies.userId, userId))
    .orderBy(asc(savedReplies.title), asc(savedReplies.id));
}

export async function countSavedReplies(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ value: count() })
    .from(savedReplies)
    .where(eq(savedReplies.userId, userId));
  return row?.value ?? 0;
}

export async function insertSavedReply(tx: Executor, values: typeof savedReplies.$inferInsert) {
  const [row] = await tx.insert(savedReplies).values(values).returning();
  if (!row) throw new Error('saved reply insert returned no row');
  return row;
}

/** Only the operator's own reply: another's is not found. */
export async function updateSavedReply(
  tx: Executor,
  options: { id: string; userId: string; title: string; body: string; at: Date },
) {
  const [row] = await tx
    .update(savedReplies)
    .set({ title: options.title, body: options.body, updatedAt: options.at })
    .where(and(eq(savedReplies.id, options.id), eq(savedReplies.userId, options.userId)))
    .returning();
  return row;
}

export async function deleteSavedReply(tx: Executor, options: { id: string; userId: string }) {
  const [row] = await tx
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, options.id), eq(savedReplies.userId, options.userId)))
    .returning();
  return row;
}

/** Every conversation of the seller and its messages, for their data export. */
export async function listAllOf(tx: Executor, userId: string) {
  const conversations = await tx
    .select(listColumns)
    .from(supportConversations)
    .leftJoin(trades, eq(trades.id, supportConversations.tradeId))
    .where(eq(supportConversations.userId, userId))
    .orderBy(asc(supportConversations.createdAt), asc(supportConversations.id));
  const ids = conversations.map((row) => row.conversation.id);
  const messages =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(supportMessages)
          .where(inArray(supportMessages.conversationId, ids))
          .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const photos = await findPhotosOf(
    tx,
    messages.map((message) => message.id),
  );
  return { conversations, messages, photos };
}

/** The kept hash of the claim's release token, read without a lock (decision 078). */
export async function findClaimTokenHash(tx: Executor, id: string) {
  const [row] = await tx
    .select({ hash: supportConversations.claimReleaseTokenHash })
    .from(supportConversations)
    .where(eq(supportConversations.id, id));
  return row?.hash ?? null;
}
