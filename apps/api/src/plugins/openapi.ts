import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { finishDocument, type OpenApiDocument } from './openapi-document';
// Names the schemas the document refers to as components (for its side effect).
import './openapi-components';

/** Each tag's description: the features a mobile developer finds them under (docs/api.md). */
const TAGS: Record<string, string> = {
  health: 'Liveness and readiness, for load balancers and monitors.',
  auth: 'Register, confirm, sign in and out, reset a password, accept a staff invitation.',
  user: 'The account: codes, password, PIN, closing it, refreshing the session.',
  'two-step':
    'Two-step sign-in: an authenticator app, recovery codes, and step-up before changes that can send money away.',
  beneficiaries: 'Saved bank accounts to withdraw to.',
  app: 'Public settings the apps show (support contacts).',
  catalog: 'Gift cards, their subcategories, rates and art: public.',
  'catalog admin': 'Console: cards, subcategories, rates and the rate sheet.',
  trades: 'Selling a card: submit it with photos, follow it, answer questions and offers.',
  'trade review': 'Console: the review queue, claims, decisions, four eyes and adjustments.',
  wallet: 'The naira wallet, its statement and monthly statement files.',
  referrals: 'Friends who registered with the seller’s code, and what they earned.',
  support: 'Conversations with the Karta team: about a trade, or general (Contact Us).',
  'support desk': 'Console: the support queue, claims, replies, saved replies and resolving.',
  notices: 'The bell: what happened to the seller’s trades and withdrawals.',
  events: 'Live updates: a Server-Sent Events stream of what changed, for the signed-in user.',
  'rate alerts': 'Be told when a rate reaches a target.',
  kyc: 'Identity checks (BVN, NIN) that raise the KYC tier.',
  finance: 'Banks and account-name lookups.',
  withdrawals: 'Withdrawals to a bank, their terms and automatic withdrawal.',
  'money desk': 'Console: every withdrawal, rechecks and refunds.',
  sellers: 'Console: seller accounts, suspension and PIN locks.',
  overview: 'Console: live figures and payout alerts.',
  'audit trail': 'Console: every audited action.',
  books: 'Console: daily books from the ledger.',
  staff: 'Console: operators, admins and invitations.',
  webhooks: 'Payout providers tell Karta about transfers.',
  development: 'Development only: the mail outbox.',
};

/**
 * OpenAPI 3.0 lets `enum` restrict a `nullable` value too, so null must be one of the values
 * (the 2019 "Clarify nullable" proposal): the zod transform writes `.nullable()` enums without it,
 * and a client generated from the document would refuse `"rejection_code": null`.
 */
function withNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) withNullInNullableEnums(item);
  } else if (value !== null && typeof value === 'object') {
    const schema = value as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
      schema.enum = [...(schema.enum as unknown[]), null];
    }
    for (const child of Object.values(schema)) withNullInNullableEnums(child);
  }
  return value;
}

const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3 generated from the routes' zod schemas, browsable at /api/docs when `publishDocs`
 * (API_DOCS=public, the default outside production). Unpublished, /api/docs and everything
 * under it are 404s; the document is still built (`app.swagger()`), for the tests' response
 * contract and for anyone who runs the app themselves (decision 050).
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { publishDocs: boolean; publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Karta API',
          version: '1.0.0',
          description:
            'Gift cards to naira. Every answer is an envelope: { status, message, data } or { status: "error", message, code?, errors[] }. The guide for client developers (authentication, errors and codes, paging, idempotency, uploads, limits, versioning) is docs/api.md in the repository.',
          contact: { name: 'Karta engineering', email: 'engineering@karta.ng' },
          license: { name: 'Proprietary', url: 'https://karta.ng/terms' },
        },
        components: {
          securitySchemes: {
            accessToken: {
              type: 'apiKey',
              in: 'header',
              name: 'Authorization',
              description: 'The raw access token (Bearer <token> is accepted too).',
            },
            refreshCookie: {
              type: 'apiKey',
              in: 'cookie',
              name: 'karta_refresh',
              description:
                'The HttpOnly refresh cookie set at sign-in (__Host-karta_refresh over HTTPS).',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (document) =>
        finishDocument(
          withNullInNullableEnums(
            jsonSchemaTransformObject(document),
          ) as unknown as OpenApiDocument,
          { publicUrl: options.publicUrl, tags: TAGS },
        ) as unknown as ReturnType<typeof jsonSchemaTransformObject>,
    });
    if (!options.publishDocs) return;
    // swagger-ui redirects its static/index.html to the page by rewriting the URL as sent: to
    // itself, forever, for `/%61pi/docs/static/index.html`, and to another host for an
    // absolute-form `http://elsewhere/api/docs/static/index.html`. The route's own path says where.
    app.addHook('onRoute', (route) => {
      if (route.url !== `${DOCS_PREFIX}/static/index.html`) return;
      route.handler = (_request, reply) => reply.redirect(`${DOCS_PREFIX}/`);
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
);
