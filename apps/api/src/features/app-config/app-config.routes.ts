import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonRoutes } from '../../lib/json-routes';
import { publicAccess } from '../../lib/route-access';

const AppConfigSchema = z.object({
  support_email: z.string().meta({ example: 'support@karta.ng' }),
  support_phone: z.string().meta({ example: '+234 800 000 0000' }),
});

/** What the web app shows that operators configure: the support contacts (docs/product.md §1). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = jsonRoutes(app, { tags: ['app'], access: publicAccess });
  route.get('/config', {
    operationId: 'getAppConfig',
    summary: 'Public settings for the client: support e-mail and phone',
    answers: AppConfigSchema,
    message: 'App configuration',
    handle: () =>
      Promise.resolve({
        support_email: app.ctx.config.supportEmail,
        support_phone: app.ctx.config.supportPhone,
      }),
  });
};
