import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the routes' zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
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
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
