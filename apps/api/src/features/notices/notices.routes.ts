import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '@karta/shared/schemas/common';
import { NoticeListSchema } from '@karta/shared/schemas/notices';
import { UserIdParamsSchema } from '@karta/shared/schemas/users';
import { jsonRoutes } from '../../lib/json-routes';
import { ownAccountAccess } from '../../lib/route-access';
import { listUserNotices, readUserNotices } from './notices.service';

/**
 * The bell (decisions 036 and 040). Listing is a plain read, so the header can poll the unread count; the
 * bell marks everything read with a POST when the seller opens it (decision 036).
 */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['notices'], access: ownAccountAccess(app) });

  route.get('/notices/:user_id', {
    operationId: 'listNotices',
    summary: "The user's notices, newest first, with the unread count",
    input: { params: UserIdParamsSchema, querystring: PageQuerySchema },
    answers: NoticeListSchema,
    message: 'Notices',
    handle: (request, user) => listUserNotices(app.ctx, { userId: user.id, page: request.query }),
  });

  route.post('/read_notices/:user_id', {
    operationId: 'markNoticesRead',
    summary: "Mark all the user's notices read (the bell was opened)",
    input: { params: UserIdParamsSchema },
    answers: z.null(),
    message: 'Notices read',
    handle: async (_request, user) => {
      await readUserNotices(app.ctx, { userId: user.id });
      return null;
    },
  });
};
