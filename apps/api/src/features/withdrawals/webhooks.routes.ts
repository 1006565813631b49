import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageEnvelopeSchema } from '@karta/shared/schemas/common';
import { AppError } from '../../lib/app-error';
import { declareRoute } from '../../lib/declare-route';
import { responses, success } from '../../lib/http';
import { publicAccess } from '../../lib/route-access';
import type { DocumentedBody } from '../../lib/route-contract';
import { receivePayoutWebhook } from './payout-webhooks.service';

/** The payout providers a server can be configured with (config.ts, PAYOUT_PROVIDER). */
const PAYOUT_PROVIDERS = ['sandbox', 'paystack'] as const;

/**
 * Paystack's transfer event (paystack.com/docs/payments/webhooks, "Transfers"): what Karta reads
 * of it. The handler reads the raw bytes itself, to check the signature over exactly them.
 */
const PAYSTACK_TRANSFER_EVENT: DocumentedBody = {
  mediaType: 'application/json',
  schema: {
    type: 'object',
    required: ['event', 'data'],
    properties: {
      event: { type: 'string', enum: ['transfer.success', 'transfer.failed', 'transfer.reversed'] },
      data: {
        type: 'object',
        required: ['reference'],
        properties: {
          reference: { type: 'string', description: 'The withdrawal’s payout reference.' },
          status: { type: 'string', enum: ['success', 'failed', 'reversed', 'pending'] },
          amount: { type: 'integer', description: 'Kobo.' },
          transfer_code: { type: 'string' },
        },
      },
    },
  },
  example: {
    event: 'transfer.success',
    data: {
      reference: 'wd_01JD2X8K4M9Q7R5T3V1W6Y8Z0A',
      status: 'success',
      amount: 1_150_000,
      transfer_code: 'TRF_1ptvuv321ahaa7q',
    },
  },
};

/**
 * Payout providers tell us about transfers here (`sandbox`, `paystack`). The signature is
 * checked over the raw bytes, so this plugin reads JSON bodies as a Buffer.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  declareRoute(app, {
    method: 'POST',
    url: '/:provider',
    operationId: 'receivePayoutWebhook',
    refuses: { 401: [], 404: [] },
    tags: ['webhooks'],
    // The signature over the raw body is the credential (a wrong or missing one: 401).
    access: publicAccess,
    summary: 'Transfer events from the payout provider, signed as Paystack signs them',
    input: {
      params: z.object({
        provider: z.enum(PAYOUT_PROVIDERS).meta({
          description:
            'The payout provider this server is configured with (PAYOUT_PROVIDER); the other one answers 404.',
        }),
      }),
      headers: z.object({
        'x-paystack-signature': z.string().max(256).optional().meta({
          description:
            'The hex HMAC-SHA512 of the raw body, keyed with the provider secret (Paystack’s secret key; the sandbox’s key, derived from the server’s own secrets). Missing or wrong: 401.',
          example: 'a3f1…c9e0 (128 hex characters)',
        }),
      }),
    },
    documentedBody: PAYSTACK_TRANSFER_EVENT,
    response: responses(MessageEnvelopeSchema),
    handler: async (request) => {
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
  });
};
