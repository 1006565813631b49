import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertStorableText } from '../lib/storable-text';

/**
 * Every route, present and future: a NUL byte or a lone surrogate anywhere in the params, the
 * query or a parsed body is refused before validation and before any handler runs, instead of
 * failing deep inside PostgreSQL as a 500 (or being stored as U+FFFD). Multipart forms are read
 * by their handlers and checked there, by parseOrThrow (lib/validation.ts).
 */
export const textGuardPlugin = fp((app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertStorableText(request.params);
      assertStorableText(request.query);
      assertStorableText(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
});
