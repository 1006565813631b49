import { z } from 'zod';
import { TRADE_STATUSES } from '../constants';

/**
 * Another trade that looks like this one: it holds the same e-code, or a photo of (nearly) the
 * same picture. `is_earlier`: the other trade came first, so this one is the suspect.
 */
export const TradeDuplicateSchema = z.object({
  trade: z.object({
    id: z.string(),
    reference: z.string(),
    status: z.enum(TRADE_STATUSES),
    created_at: z.string(),
    seller: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  }),
  match: z.enum(['code', 'photo']),
  /** Bits between the two photos' hashes (0: the same picture); null for a code. */
  distance: z.number().int().nullable(),
  is_earlier: z.boolean(),
});
export type TradeDuplicate = z.infer<typeof TradeDuplicateSchema>;
