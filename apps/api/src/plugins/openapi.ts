import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
export const openApiPlugin = fp(async (app: FastifyInstance, options: { publishDocs: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Karta API',
        version: '1.0.0',
        description:
          'Gift cards to naira. Every answer is an envelope: { status, message, data } or { status: "error", message, errors[] }.',
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
      withNullInNullableEnums('openapiObject' in document ? document.openapiObject : {}),
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
});
