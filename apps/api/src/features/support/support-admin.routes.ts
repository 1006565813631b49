import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLagosClockTime } from '@karta/shared/dates';
import { ClaimHeartbeatSchema } from '@karta/shared/schemas/claims';
import { pageOf } from '@karta/shared/schemas/common';
import {
  ClaimedSupportConversationSchema,
  SavedReplyInputSchema,
  SavedReplySchema,
  StaffMessageInputSchema,
  SupportConversationSchema,
  SupportIdParamsSchema,
  SupportQueueItemSchema,
  SupportQueueQuerySchema,
  SupportTradeParamsSchema,
} from '@karta/shared/schemas/support';
import { z } from 'zod';
import { staffRoutes } from '../../lib/json-routes';
import {
  changeSavedReply,
  createSavedReply,
  listOwnSavedReplies,
  removeSavedReply,
} from './saved-replies.service';
import {
  claimConversation,
  getSupportConversation,
  getTradeConversation,
  heartbeatConversationClaim,
  listSupportQueue,
  releaseConversation,
  resolveConversation,
  sendStaffMessage,
} from './support-desk.service';
import { messageBody } from './support.routes';
import { readSupportMessage, SUPPORT_MULTIPART_LIMITS } from './support-upload';

const CLAIMED = { 404: [], 409: ['ALREADY_DECIDED', 'CLAIMED'] } as const;

/** What a claim or take-over answers: until when the conversation is the caller's. */
const claimedMessage = (conversation: { claim: { until: string } | null }) =>
  conversation.claim
    ? `You are answering this conversation until ${getLagosClockTime(new Date(conversation.claim.until))}.`
    : 'You are answering this conversation.';

/** The console's support desk (decision 070), under /admin/support. */
export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'support desk');
  await app.register(multipart, { throwFileSizeLimit: true, limits: SUPPORT_MULTIPART_LIMITS });

  route.get('/', {
    operationId: 'listSupportQueue',
    summary:
      'Conversations by status (open by default), oldest waiting first, with the trade, the seller and the claim',
    input: { querystring: SupportQueueQuerySchema },
    answers: pageOf(SupportQueueItemSchema),
    message: 'Conversations',
    handle: (request) => listSupportQueue(app.ctx, request.query),
  });

  route.get('/:id', {
    operationId: 'getSupportDeskConversation',
    refuses: { 404: [] },
    summary:
      'One conversation, every message oldest first, with the trade, the seller and the claim',
    input: { params: SupportIdParamsSchema },
    answers: SupportConversationSchema,
    message: 'Conversation',
    handle: (request) => getSupportConversation(app.ctx, request.params.id),
  });

  route.post('/:id/claim', {
    operationId: 'claimSupportConversation',
    refuses: CLAIMED,
    summary:
      'Claim a conversation for REVIEW_CLAIM_MINUTES, or renew your claim; answers a new release_token for the page’s closing beacon (POST /support_claims/release), replacing the last one; 409 CLAIMED naming the holder while another operator’s claim lasts',
    input: { params: SupportIdParamsSchema },
    answers: ClaimedSupportConversationSchema,
    message: claimedMessage,
    handle: (request, actor) => claimConversation(app.ctx, { actor, id: request.params.id }),
  });

  route.post('/:id/heartbeat', {
    operationId: 'heartbeatSupportClaim',
    refuses: { 404: [], 409: ['ALREADY_DECIDED', 'CLAIM_LOST'] },
    summary:
      'The conversation page is still open: your live claim lasts REVIEW_CLAIM_MINUTES from now (sent every CLAIM_HEARTBEAT_SECONDS while visible; not audited); 409 CLAIM_LOST when you no longer hold it, naming who took it over',
    input: { params: SupportIdParamsSchema },
    answers: ClaimHeartbeatSchema,
    message: (claim) =>
      `You are answering this conversation until ${getLagosClockTime(new Date(claim.until))}.`,
    handle: (request, actor) =>
      heartbeatConversationClaim(app.ctx, { actor, id: request.params.id }),
  });

  route.post('/:id/take_over', {
    operationId: 'takeOverSupportClaim',
    refuses: CLAIMED,
    summary:
      'Take another operator’s claim whose page has sent no heartbeat for CLAIM_TAKEOVER_SILENCE_SECONDS (audited as support.claim_take_over), or claim a conversation nobody holds; answers a new release_token; 409 CLAIMED while the holder’s page is still heard from',
    input: { params: SupportIdParamsSchema },
    answers: ClaimedSupportConversationSchema,
    message: claimedMessage,
    handle: (request, actor) =>
      claimConversation(app.ctx, { actor, id: request.params.id, takeOver: true }),
  });

  route.post('/:id/release', {
    operationId: 'releaseSupportConversation',
    refuses: { 404: [], 409: ['CLAIMED'] },
    summary: 'Let go of your claim on a conversation (anyone else’s is theirs to end)',
    input: { params: SupportIdParamsSchema },
    answers: SupportConversationSchema,
    message: 'Conversation released.',
    handle: (request, actor) => releaseConversation(app.ctx, { actor, id: request.params.id }),
  });

  route.post('/:id/messages', {
    operationId: 'sendSupportDeskMessage',
    refuses: CLAIMED,
    summary:
      'Answer the seller (JSON { body }, or multipart with up to 3 photos): the conversation waits for the seller, who is told in the bell and, while away, by at most one mail an hour',
    consumes: ['application/json', 'multipart/form-data'],
    documentedBody: messageBody(StaffMessageInputSchema),
    input: { params: SupportIdParamsSchema },
    answers: SupportConversationSchema,
    status: 201,
    message: 'Message sent. The seller is told.',
    handle: async (request, actor) => {
      const upload = await readSupportMessage(request);
      return sendStaffMessage(app.ctx, { actor, target: { id: request.params.id }, upload });
    },
  });

  route.post('/:id/resolve', {
    operationId: 'resolveSupportConversation',
    refuses: CLAIMED,
    summary:
      'Mark a conversation resolved; the claim ends; a new message from either side opens it again',
    input: { params: SupportIdParamsSchema },
    answers: SupportConversationSchema,
    message: 'Conversation resolved.',
    handle: (request, actor) => resolveConversation(app.ctx, { actor, id: request.params.id }),
  });
};

/** An operator's saved replies for the desk's composer (under /admin/saved_replies). */
export const savedReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'support desk');

  route.get('/', {
    operationId: 'listSavedReplies',
    summary: 'Your saved replies, by title',
    answers: z.array(SavedReplySchema),
    message: 'Your saved replies',
    handle: (_request, actor) => listOwnSavedReplies(app.ctx, actor),
  });

  route.post('/', {
    operationId: 'createSavedReply',
    refuses: { 400: ['LIMIT_EXCEEDED'] },
    summary: 'Save a reply (a title and up to 2,000 characters); at most 50 per operator',
    input: { body: SavedReplyInputSchema },
    answers: SavedReplySchema,
    status: 201,
    message: 'Reply saved.',
    handle: (request, actor) => createSavedReply(app.ctx, { actor, input: request.body }),
  });

  route.patch('/:id', {
    operationId: 'updateSavedReply',
    refuses: { 404: [] },
    summary: 'Change one of your saved replies',
    input: { params: SupportIdParamsSchema, body: SavedReplyInputSchema },
    answers: SavedReplySchema,
    message: 'Reply saved.',
    handle: (request, actor) =>
      changeSavedReply(app.ctx, { actor, id: request.params.id, input: request.body }),
  });

  route.post('/:id/delete', {
    operationId: 'deleteSavedReply',
    refuses: { 404: [] },
    summary: 'Delete one of your saved replies',
    input: { params: SupportIdParamsSchema },
    answers: z.null(),
    message: 'Reply deleted.',
    handle: (request, actor) => removeSavedReply(app.ctx, { actor, id: request.params.id }),
  });
};

/** The conversation beside a trade on its review page (under /admin/trades). */
export const tradeConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route } = staffRoutes(app, 'support desk');
  await app.register(multipart, { throwFileSizeLimit: true, limits: SUPPORT_MULTIPART_LIMITS });

  route.get('/:trade_id/conversation', {
    operationId: 'getTradeSupportConversation',
    refuses: { 404: [] },
    summary:
      'The conversation about a trade, for its review page (null before anyone wrote), every message oldest first',
    input: { params: SupportTradeParamsSchema },
    answers: SupportConversationSchema.nullable(),
    message: 'Conversation',
    handle: (request) => getTradeConversation(app.ctx, request.params.trade_id),
  });

  route.post('/:trade_id/conversation/messages', {
    operationId: 'sendTradeSupportMessage',
    refuses: CLAIMED,
    summary:
      'Write to the seller about a trade (JSON { body }, or multipart with up to 3 photos), starting its conversation if none exists; the seller reads "Karta team"',
    consumes: ['application/json', 'multipart/form-data'],
    documentedBody: messageBody(StaffMessageInputSchema),
    input: { params: SupportTradeParamsSchema },
    answers: SupportConversationSchema,
    status: 201,
    message: 'Message sent. The seller is told.',
    handle: async (request, actor) => {
      const upload = await readSupportMessage(request);
      return sendStaffMessage(app.ctx, {
        actor,
        target: { tradeId: request.params.trade_id },
        upload,
      });
    },
  });
};
