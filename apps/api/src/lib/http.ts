import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '@karta/shared/schemas/common';

/** Every route answers its success schema, and the error envelope for anything else. */
export const responses = <T extends z.ZodType>(success: T, status = 200) => ({
  [status]: success,
  '4xx': ErrorEnvelopeSchema,
  '5xx': ErrorEnvelopeSchema,
});

export const success = <T>(message: string, data: T) => ({
  status: 'success' as const,
  message,
  data,
});
