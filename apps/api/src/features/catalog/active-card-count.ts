import type { AppContext } from '../../app-context';
import { countActiveCards } from './catalog.repository';

/**
 * How long another API process may show a stale card total. Counting is the one part of the
 * public listing that grows with the catalog (1.6× slower with 10,000 more cards in the bench),
 * while the catalog itself changes a few times a day.
 */
const TTL_MS = 10_000;

/** One cache per app (tests build many apps in one process), dropped with the app. */
const cache = new WeakMap<AppContext, { total: number; expiresAt: number }>();

export async function getActiveCardCount(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const hit = cache.get(ctx);
  if (hit && hit.expiresAt > now) return hit.total;
  const total = await countActiveCards(ctx.db);
  cache.set(ctx, { total, expiresAt: now + TTL_MS });
  return total;
}

/** Called after every change to cards, so this process never shows a stale total. */
export function forgetActiveCardCount(ctx: AppContext): void {
  cache.delete(ctx);
}
