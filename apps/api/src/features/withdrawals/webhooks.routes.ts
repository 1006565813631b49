import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageEnvelopeSchema } from '@karta/shared/schemas/common';
import { AppError } from '../../lib/app-error';
import { responses, success } from '../../lib/http';
import { receivePayoutWebhook } from './payout-webhooks.service';

/**
 * Payout providers tell us about transfers here (`sandbox`, `paystack`). The signature is
 * checked over the raw bytes, so this plugin reads JSON bodies as a Buffer.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/:provider',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Transfer events, signed as Paystack signs them (x-paystack-signature)',
        params: z.object({ provider: z.string().max(20) }),
        response: responses(MessageEnvelopeSchema),
      },
    },
    async (request) => {
      if (request.params.provider !== app.ctx.payouts.name) {
        throw new AppError('NOT_FOUND', 'No such webhook.');
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = app.ctx.payouts.parseWebhook(rawBody, request.headers);
      if (!event) throw new AppError('UNAUTHORIZED', 'The webhook signature is missing or wrong.');
      await receivePayoutWebhook(app.ctx, {
        event,
        payload: JSON.parse(rawBody.toString('utf8')) as unknown,
      });
      return success('received', null);
    },
  );
};
