import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@karta/shared/schemas/common';

/** Every route answers its success schema, and the error envelope for anything else. */
export const responses = <T extends z.ZodType>(success: T, status = 200) => ({
  [status]: success,
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
});

/**
 * A route whose answer is a file (an image, an SVG): the body is documented by media type, and a
 * refusal is still the JSON error envelope. Fastify sends strings with their own content type and
 * buffers as they are, so the 200 schema documents and never serializes.
 */
export const fileResponses = (mediaType: string | string[], description: string) => ({
  200: {
    description,
    content: Object.fromEntries(
      [mediaType]
        .flat()
        .map((type) => [
          type,
          { schema: z.custom<Buffer | string>().meta({ type: 'string', format: 'binary' }) },
        ]),
    ),
  },
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
});

/** Money calls take an Idempotency-Key (docs/ARCHITECTURE.md#api-conventions): the same key and body get the same answer. */
export const IdempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z.string().max(200).optional(),
});

export const success = <T>(message: string, data: T) => ({
  status: 'success' as const,
  message,
  data,
});
