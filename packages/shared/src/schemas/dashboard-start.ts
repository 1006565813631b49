import { z } from 'zod';
import { pageOf } from './common';
import { SessionEnvelopeSchema } from './auth';
import { TradeSchema } from './trades';
import { WalletSchema } from './wallet';

/**
 * The dashboard's first screen in the session refresh's answer (decision 077): on a slow
 * network the balance is one round trip after the page, not two (refresh, then wallet).
 */
const REFRESH_INCLUDES = ['dashboard'] as const;

/**
 * Anything else is ignored, not refused: the refresh's credential is its cookie, checked in the
 * handler, and a caller without a valid one must learn nothing from a 400 about its input (the
 * route table's rule, docs/security.md). The refresh then answers the session alone.
 */
export const RefreshQuerySchema = z.object({
  include: z.enum(REFRESH_INCLUDES).optional().catch(undefined).meta({
    description:
      '`dashboard`: the answer also carries the refreshing user’s wallet and first page of trades, as `getWallet` and `listTrades` (page 1, size 10) answer them. Any other value is ignored.',
  }),
});

/** The page of trades the dashboard's overview asks for first (its `listTrades` query). */
export const DASHBOARD_FIRST_TRADES = { page: 1, size: 10 } as const;

/**
 * Exactly the `data` of the dashboard's own first requests: `getWallet` and `listTrades`. Inline
 * in the document, not a component of its own: an optional component is written as a one-part
 * `allOf`, which Redocly warns about.
 */
const DashboardStartSchema = z.object({
  wallet: WalletSchema,
  trades: pageOf(TradeSchema),
});
export type DashboardStart = z.infer<typeof DashboardStartSchema>;

/** The refresh's answer: the session, and with `include=dashboard` the dashboard's first data. */
export const RefreshEnvelopeSchema = SessionEnvelopeSchema.extend({
  dashboard: DashboardStartSchema.optional(),
});
