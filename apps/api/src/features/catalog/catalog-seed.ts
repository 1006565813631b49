import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { forgetActiveCardCount } from './active-card-count';
import { toSlug } from './admin-views';
import * as admin from './catalog-admin.repository';
import { SEED_CARDS, type SeedSubcategory } from './catalog-seed-data';
import { findCardBySlug } from './catalog.repository';

const HISTORY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The largest daily move of a seeded rate, in basis points: a gentle walk, not a crash. */
const MAX_STEP_BP = 60;

/** A small deterministic generator (mulberry32), seeded per subcategory so reruns match. */
function createRandom(seedText: string) {
  // FNV-1a over the UTF-16 code units: any stable hash of the text will do.
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i += 1) {
    seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  }
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Thirty daily rates in whole naira, oldest first, ending at today's rate. Walked backwards
 * from today in integer arithmetic, so the last point is exactly the subcategory's rate.
 */
export function walkRateHistory(seedText: string, todayNaira: number): bigint[] {
  const random = createRandom(seedText);
  const rates = [BigInt(todayNaira)];
  for (let day = 1; day < HISTORY_DAYS; day += 1) {
    const stepBp = BigInt(Math.round((random() * 2 - 1) * MAX_STEP_BP));
    const later = rates[0] ?? 1n;
    const divisor = 10_000n + stepBp;
    rates.unshift((later * 10_000n + divisor / 2n) / divisor);
  }
  return rates.map((naira) => naira * 100n);
}

async function seedSubcategory(
  tx: Executor,
  options: { cardId: string; slug: string; sortOrder: number; row: SeedSubcategory; now: Date },
) {
  const [name, currency, rateNaira, minAmount, maxAmount] = options.row;
  const history = walkRateHistory(`${options.slug}/${name}`, rateNaira);
  const firstAt = new Date(options.now.getTime() - (HISTORY_DAYS - 1) * DAY_MS - 60_000);
  const sub = await admin.insertSubcategory(tx, {
    giftCardId: options.cardId,
    name,
    currency,
    rateKobo: BigInt(rateNaira) * 100n,
    minAmount,
    maxAmount,
    sortOrder: options.sortOrder,
    createdAt: firstAt,
    updatedAt: options.now,
  });
  // One change a day, 24 hours apart, so each lands on its own Lagos day; the last is today.
  await admin.insertRateChanges(
    tx,
    history.map((rateKobo, day) => ({
      subcategoryId: sub.id,
      rateKobo,
      changedAt: new Date(firstAt.getTime() + day * DAY_MS),
    })),
  );
}

/** The demo catalog with 30 days of rate history. Development only; skips cards already there. */
export async function seedCatalog(ctx: AppContext): Promise<void> {
  if (ctx.config.isProduction) return;
  const now = ctx.clock.now();
  let created = 0;
  for (const [index, card] of SEED_CARDS.entries()) {
    const slug = toSlug(card.name);
    if (await findCardBySlug(ctx.db, slug)) continue;
    await ctx.db.transaction(async (tx) => {
      const row = await admin.insertCard(tx, {
        name: card.name,
        slug,
        brandColour: card.brandColour,
        sortOrder: index,
      });
      for (const [sortOrder, sub] of card.subcategories.entries()) {
        await seedSubcategory(tx, { cardId: row.id, slug, sortOrder, row: sub, now });
      }
    });
    created += 1;
  }
  forgetActiveCardCount(ctx);
  if (created > 0) ctx.log.info({ cards: created }, 'demo gift card catalog seeded');
}
