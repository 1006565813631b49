import { z } from 'zod';

/** A route's success answer by status; declareRoute adds its refusals (lib/route-contract.ts). */
export const responses = <T extends z.ZodType>(success: T, status = 200) => ({
  [status]: success,
});

/**
 * A route that answers JSON, or the same as CSV when asked (`format=csv`): both are documented
 * under the one status, each with its media type.
 */
export const jsonOrCsvResponses = <T extends z.ZodType>(success: T, csvDescription: string) => ({
  200: {
    description: 'JSON, or with format=csv the same as a CSV attachment',
    content: {
      'application/json': { schema: success },
      'text/csv': { schema: z.string().meta({ description: csvDescription }) },
    },
  },
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
});

export const success = <T>(message: string, data: T) => ({
  status: 'success' as const,
  message,
  data,
});
