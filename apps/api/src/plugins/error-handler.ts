import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldError } from '@karta/shared/schemas/common';
import { MESSAGES } from '@karta/shared/messages';
import { StorageUnavailableError } from '../adapters/storage/storage';
import { AppError } from '../lib/app-error';
import { oncePerBurst } from '../lib/once-per-burst';
import { describeDatabaseError, isDatabaseUnavailable } from '../lib/pg-errors';

/** What a client is told to wait while the database is away (a restart takes a few seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The object store did not answer: every upload path writes the file first, so nothing changed. */
const STORAGE_UNAVAILABLE =
  'We could not reach our photo storage just now, so nothing was saved. Please try again in a moment.';
const STORAGE_RETRY_AFTER_SECONDS = 5;
/** A provider (identity, payouts, mail) that did not answer: a few seconds, like the others. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const envelope = (message: string, errors?: FieldError[]): ErrorEnvelope => ({
  status: 'error',
  message,
  errors: errors?.length ? errors : [{ field: null, message }],
});

/** One message per field, the first the schema raised: the one a person fixes first. */
function firstErrorPerField(errors: FieldError[]): FieldError[] {
  const seen = new Set<string | null>();
  return errors.filter((error) => !seen.has(error.field) && seen.add(error.field));
}

/** Fastify's own 4xx errors, in words a client can show. Anything else 4xx keeps its status. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported. Send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
};

/**
 * Renders every failure as the envelope of docs/ARCHITECTURE.md#api-conventions. Validation errors carry a field each;
 * 5xx never carries internal detail (it is logged, with the request id, instead).
 */
export const errorHandlerPlugin = fp((app: FastifyInstance) => {
  // An outage fails every request at once: one warning per burst, without the statement.
  const warnDatabaseUnavailable = oncePerBurst((error: unknown, heldBack: number) => {
    app.log.warn({ ...describeDatabaseError(error), heldBack }, 'database unavailable: 503');
  });
  const warnStorageUnavailable = oncePerBurst((error: unknown, heldBack: number) => {
    app.log.warn({ err: error, heldBack }, 'file storage unavailable: 503');
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // Every 503 says when to come back (docs/api.md#errors): the service's own wait, or ours.
      const retryAfter =
        error.retryAfterSeconds ??
        (error.statusCode === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
      if (retryAfter !== undefined) {
        void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
      }
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      const body = envelope(error.message, error.errors);
      // The business rule's code, when one refused the request: clients branch on it, not on words.
      return reply
        .status(error.statusCode)
        .send(error.domainCode ? { ...body, code: error.domainCode } : body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = firstErrorPerField(
        error.validation.map((issue) => {
          const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
          // A header's problem is named as a body field would be: `idempotency_key`.
          const field =
            (error.validationContext === 'headers' ? path.replaceAll('-', '_') : path) || null;
          // A whole body or query of the wrong shape (a string, an array) has no field.
          const message = field
            ? (issue.message ?? 'This value is not valid')
            : `The request ${error.validationContext === 'querystring' ? 'query' : 'body'} must be a JSON object.`;
          return { field, message };
        }),
      );
      return reply.status(400).send(envelope(errors[0]?.message ?? 'Invalid request', errors));
    }

    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.status(statusCode).send(envelope(message));
    }

    // Before the database check: a store that refuses connections fails with ECONNREFUSED too.
    if (error instanceof StorageUnavailableError) {
      warnStorageUnavailable(error);
      void reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(envelope(STORAGE_UNAVAILABLE));
    }

    if (isDatabaseUnavailable(error)) {
      warnDatabaseUnavailable(error);
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(envelope(MESSAGES.SERVICE_UNAVAILABLE));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(envelope('Something went wrong on our side. Please try again in a moment.'));
  });
});
