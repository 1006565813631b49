import { z } from 'zod';
import { DeskClaimSchema, releaseTokenField } from './claims';
import { PageMetaSchema, PageQuerySchema } from './common';

/**
 * Conversations between a seller and the Karta team (decision 070): one per trade, and general
 * ones opened from Contact Us. A seller only ever sees "Karta team" for staff: no staff name,
 * id or e-mail is in any of the seller's schemas below.
 */

export const SUPPORT_STATUSES = ['open', 'waiting_for_seller', 'resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** What the seller reads as the author of every staff message. */
export const KARTA_TEAM = 'Karta team';
export const SUPPORT_BODY_MAX = 2000;
export const SUPPORT_PHOTOS_MAX = 3;
/** The multipart field that carries a message's photos. */
export const SUPPORT_PHOTOS_FIELD = 'photos';
/** At most one mail per conversation in this window while the seller is away (decision 070). */
export const SUPPORT_MAIL_INTERVAL_MINUTES = 60;
export const SAVED_REPLIES_MAX = 50;

export const SUPPORT_MESSAGES = {
  EMPTY: 'Write a message or add a photo.',
  TOO_LONG: `A message can be at most ${String(SUPPORT_BODY_MAX)} characters.`,
  TOO_MANY_PHOTOS: `Add at most ${String(SUPPORT_PHOTOS_MAX)} photos to a message.`,
  BOTH_TARGETS: 'Send either trade_id or conversation_id, not both.',
  NOT_FOUND: 'We could not find this conversation.',
  TRADE_NOT_FOUND: 'We could not find this trade.',
  RESOLVED: 'This conversation is already resolved.',
  SAVED_REPLY_NOT_FOUND: 'We could not find this saved reply.',
  TOO_MANY_SAVED_REPLIES: `You can keep at most ${String(SAVED_REPLIES_MAX)} saved replies.`,
  /** Another operator's live claim: who, and until when in Lagos time ("10:42"). */
  claimedBy: (holder: string, until: string) =>
    `${holder} is answering this conversation until ${until}. Pick another one, or try again once they are done.`,
  /** A take-over refused: the holder's page said it was open less than a minute ago. */
  stillActive: (holder: string) =>
    `${holder} still has this conversation open: it can be taken over only after a minute with no sign of their page.`,
  /** A heartbeat on a claim someone else holds now. */
  claimLostTo: (holder: string) =>
    `${holder} took over this conversation. You are no longer answering it here.`,
  CLAIM_ENDED:
    'Your claim on this conversation has ended: it was released or ran out. Claim it again to go on answering.',
} as const;

const BodySchema = z
  .string({ error: 'body must be text' })
  .trim()
  .max(SUPPORT_BODY_MAX, SUPPORT_MESSAGES.TOO_LONG);

const OptionalId = z.string().max(64).optional();

/** A seller's message as JSON; multipart sends the same fields beside up to 3 photos. */
export const SupportMessageInputSchema = z
  .object({
    trade_id: OptionalId,
    conversation_id: OptionalId,
    body: BodySchema.default(''),
  })
  .refine((input) => !(input.trade_id && input.conversation_id), {
    path: ['conversation_id'],
    message: SUPPORT_MESSAGES.BOTH_TARGETS,
  });

/** Staff's message: text (photos come by multipart, like the seller's). */
export const StaffMessageInputSchema = z.object({ body: BodySchema.default('') });

export const SupportReadInputSchema = z.object({
  conversation_id: z.string({ error: 'conversation_id is required' }).max(64),
});

export const SupportConversationParamsSchema = z.object({
  user_id: z.string().max(64),
  conversation_id: z.string().max(64),
});

export const SupportListQuerySchema = PageQuerySchema.extend({
  /** Only the conversation of this trade (the trade page's panel). */
  trade_id: z.string().max(64).optional(),
});

const PhotoSchema = z.object({
  /** A signed link that lasts about half an hour, like a trade photo's. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

const TradeRefSchema = z.object({ id: z.uuid(), reference: z.string() });

/** A message as the seller reads it: who wrote it is "you" or the Karta team, never a name. */
const SellerMessageSchema = z.object({
  id: z.uuid(),
  from: z.enum(['seller', 'karta']),
  author: z.string(),
  body: z.string(),
  photos: z.array(PhotoSchema),
  created_at: z.string(),
});
export type SellerMessage = z.infer<typeof SellerMessageSchema>;

export const SellerConversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(SUPPORT_STATUSES),
  /** The trade it is about; null for a general conversation. */
  trade: TradeRefSchema.nullable(),
  /** The Karta team's messages the seller has not read. */
  unread_count: z.number().int().min(0),
  last_message_at: z.string(),
  last_message_preview: z.string(),
  created_at: z.string(),
});
export type SellerConversation = z.infer<typeof SellerConversationSchema>;

export const SellerConversationListSchema = z.object({
  data: z.array(SellerConversationSchema),
  meta: PageMetaSchema,
  /** Every unread message over all the seller's conversations (the menu's count). */
  unread_count: z.number().int().min(0),
});
export type SellerConversationList = z.infer<typeof SellerConversationListSchema>;

/** One conversation with a page of its messages, newest first. */
export const SellerConversationDetailSchema = SellerConversationSchema.extend({
  messages: z.object({ data: z.array(SellerMessageSchema), meta: PageMetaSchema }),
});
export type SellerConversationDetail = z.infer<typeof SellerConversationDetailSchema>;

/** What a sent message answers: the message and the conversation it is in now. */
export const SellerMessageSentSchema = z.object({
  conversation: SellerConversationSchema,
  message: SellerMessageSchema,
});
export type SellerMessageSent = z.infer<typeof SellerMessageSentSchema>;

// Staff side: staff see each other's names (they are colleagues); the seller never does.

export const SupportQueueQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(SUPPORT_STATUSES, { error: 'status must be open, waiting_for_seller or resolved' })
    .default('open'),
});
export type SupportQueueQuery = z.infer<typeof SupportQueueQuerySchema>;

export const SupportIdParamsSchema = z.object({ id: z.string().max(64) });
export const SupportTradeParamsSchema = z.object({ trade_id: z.string().max(64) });

const SupportSellerSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

const SupportTradeSchema = TradeRefSchema.extend({ status: z.string() });

export const SupportQueueItemSchema = z.object({
  id: z.uuid(),
  status: z.enum(SUPPORT_STATUSES),
  trade: SupportTradeSchema.nullable(),
  seller: SupportSellerSchema,
  claim: DeskClaimSchema.nullable(),
  /** Since when the seller has waited for an answer; null when nobody waits on us. */
  waiting_since: z.string().nullable(),
  waiting_minutes: z.number().int().nullable(),
  last_message_at: z.string(),
  last_message_preview: z.string(),
});
export type SupportQueueItem = z.infer<typeof SupportQueueItemSchema>;

const StaffMessageSchema = z.object({
  id: z.uuid(),
  from: z.enum(['seller', 'karta']),
  /** The seller's name, or the staff member's (staff only: the seller reads "Karta team"). */
  author: z.string(),
  body: z.string(),
  photos: z.array(PhotoSchema),
  created_at: z.string(),
});
export type StaffMessage = z.infer<typeof StaffMessageSchema>;

/** One conversation at the desk, every message oldest first. */
export const SupportConversationSchema = SupportQueueItemSchema.extend({
  messages: z.array(StaffMessageSchema),
  resolved_at: z.string().nullable(),
});
export type SupportConversation = z.infer<typeof SupportConversationSchema>;

/**
 * `POST /admin/support/{id}/claim` and `…/take_over`: the conversation, and the claim's release
 * token (decision 078), which the holder's page sends back in a beacon as it closes.
 */
export const ClaimedSupportConversationSchema = SupportConversationSchema.extend({
  release_token: z.string(),
});
export type ClaimedSupportConversation = z.infer<typeof ClaimedSupportConversationSchema>;

/** `POST /support_claims/release`: the beacon a closing conversation page sends. */
export const SupportBeaconReleaseInputSchema = z.object({
  conversation_id: z.string({ error: 'conversation_id is required' }).max(64),
  release_token: releaseTokenField(),
});

export const SavedReplyInputSchema = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'Give the reply a title.')
    .max(80, 'A title can be at most 80 characters.'),
  body: BodySchema.min(1, 'Write the reply.'),
});
export type SavedReplyInput = z.infer<typeof SavedReplyInputSchema>;

export const SavedReplySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;
