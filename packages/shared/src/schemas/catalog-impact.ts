import { z } from 'zod';

/**
 * What deactivating a card or a subcategory would leave behind: trades still waiting for a
 * decision. Deactivating is allowed anyway; the console says how many before it asks.
 */
export const PendingTradeCountSchema = z.object({
  pending_trades: z.number().int().nonnegative(),
});
export type PendingTradeCount = z.infer<typeof PendingTradeCountSchema>;
