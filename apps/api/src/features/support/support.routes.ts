import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TRADE_IMAGE_MAX_BYTES, TRADE_IMAGE_TYPES } from '@karta/shared/constants';
import { PageQuerySchema } from '@karta/shared/schemas/common';
import {
  SellerConversationDetailSchema,
  SellerConversationListSchema,
  SellerConversationSchema,
  SellerMessageSentSchema,
  SUPPORT_PHOTOS_FIELD,
  SUPPORT_PHOTOS_MAX,
  SupportConversationParamsSchema,
  SupportListQuerySchema,
  SupportMessageInputSchema,
  SupportReadInputSchema,
} from '@karta/shared/schemas/support';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { multipartBody, withJsonBody } from '../../lib/route-contract';
import { declareSignedImageRoute } from '../../lib/signed-image-route';
import { getSupportPhoto } from './support-photos';
import { readSupportMessage, SUPPORT_MULTIPART_LIMITS } from './support-upload';
import {
  getSellerConversation,
  listSellerSupport,
  readSellerConversation,
  sendSellerMessage,
} from './support.service';

const tags = ['support'];

/** The photos part of a message, as the document shows it (multipart only). */
export const messageBody = (fields: Parameters<typeof multipartBody>[0]['fields']) =>
  withJsonBody(
    multipartBody({
      ...(fields && { fields }),
      files: [
        {
          name: SUPPORT_PHOTOS_FIELD,
          min: 0,
          max: SUPPORT_PHOTOS_MAX,
          types: TRADE_IMAGE_TYPES,
          maxBytes: TRADE_IMAGE_MAX_BYTES,
        },
      ],
    }),
    fields ?? SupportMessageInputSchema,
  );

/** A seller's conversations with the Karta team (decision 070), under /support. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags, access: ownAccountAccess(app) });
  await app.register(multipart, { throwFileSizeLimit: true, limits: SUPPORT_MULTIPART_LIMITS });

  route.get('/conversations/:user_id', {
    operationId: 'listSupportConversations',
    summary:
      'Your conversations with the Karta team, newest activity first, each with its unread count, and the unread total; trade_id narrows to one trade’s',
    input: { params: UserIdParamsSchema, querystring: SupportListQuerySchema },
    answers: SellerConversationListSchema,
    message: 'Your conversations',
    handle: (request, user) =>
      listSellerSupport(app.ctx, {
        userId: user.id,
        page: request.query,
        tradeId: request.query.trade_id,
      }),
  });

  route.get('/conversations/:user_id/:conversation_id', {
    operationId: 'getSupportConversation',
    refuses: { 404: [] },
    summary:
      'One of your conversations and a page of its messages, newest first; the Karta team’s are signed "Karta team"',
    input: { params: SupportConversationParamsSchema, querystring: PageQuerySchema },
    answers: SellerConversationDetailSchema,
    message: 'Your conversation',
    handle: (request, user) =>
      getSellerConversation(app.ctx, {
        userId: user.id,
        conversationId: request.params.conversation_id,
        page: request.query,
      }),
  });

  route.post('/messages/:user_id', {
    operationId: 'sendSupportMessage',
    refuses: { 404: [] },
    summary:
      'Write to the Karta team: JSON { trade_id?, conversation_id?, body }, or multipart with the same fields and up to 3 photos in "photos"; a trade’s conversation starts with its first message, and with neither id a general one starts',
    consumes: ['application/json', 'multipart/form-data'],
    documentedBody: messageBody(SupportMessageInputSchema),
    input: { params: UserIdParamsSchema },
    answers: SellerMessageSentSchema,
    status: 201,
    message: 'Message sent. The Karta team will answer here.',
    handle: async (request, user) => {
      const upload = await readSupportMessage(request);
      return sendSellerMessage(app.ctx, { user, upload, ip: request.ip });
    },
  });

  route.post('/read/:user_id', {
    operationId: 'readSupportConversation',
    refuses: { 404: [] },
    summary:
      'You have read a conversation: its unread count is 0 until the Karta team writes again',
    input: { params: UserIdParamsSchema, body: SupportReadInputSchema },
    answers: SellerConversationSchema,
    message: 'Conversation read',
    handle: (request, user) =>
      readSellerConversation(app.ctx, {
        userId: user.id,
        conversationId: request.body.conversation_id,
      }),
  });
};

/** A message's photo behind its signed link (under /support): the seller and staff only. */
export const supportPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  declareSignedImageRoute(app, {
    url: '/photos/:id',
    operationId: 'getSupportPhoto',
    tags,
    summary:
      'A photo in a conversation, through the signed, short-lived link in its message (the seller and staff only)',
    description: 'The photo',
    load: (link) => getSupportPhoto(app.ctx, link),
  });
};
