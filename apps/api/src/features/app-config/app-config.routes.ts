import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import { responses, success } from '../../lib/http';

const AppConfigSchema = successEnvelope(
  z.object({ support_email: z.string(), support_phone: z.string() }),
);

/** What the web app shows that operators configure: the support contacts (docs/product.md §1). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['app'],
        summary: 'Public settings for the client: support e-mail and phone',
        response: responses(AppConfigSchema),
      },
    },
    () =>
      success('App configuration', {
        support_email: app.ctx.config.supportEmail,
        support_phone: app.ctx.config.supportPhone,
      }),
  );
};
