import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { soloCredits } from '../../db/schema/solo-credits';

type SoloCreditInsert = typeof soloCredits.$inferInsert;

export async function insertSoloCredit(tx: Executor, values: SoloCreditInsert) {
  await tx.insert(soloCredits).values(values);
}

/**
 * What one staff member already put, or offered to put, into one seller's wallet alone:
 * `dayKobo` on the Lagos day `day` (a credit decided or credited that day, and any offer still
 * waiting for the seller, which may become money today), `tradeKobo` on one trade, any day.
 * Read under the seller's row lock, so two decisions for one seller take turns.
 */
export async function sumSoloCredits(
  tx: Executor,
  options: { staffUserId: string; sellerUserId: string; tradeId: string; day: string },
) {
  const { staffUserId, sellerUserId, tradeId, day } = options;
  const [row] = await tx
    .select({
      dayKobo: sql<string>`coalesce(sum(${soloCredits.amountKobo}) filter (where ${soloCredits.decidedOn} = ${day} or ${soloCredits.creditedOn} = ${day} or ${soloCredits.creditedOn} is null), 0)::text`,
      tradeKobo: sql<string>`coalesce(sum(${soloCredits.amountKobo}) filter (where ${soloCredits.tradeId} = ${tradeId}), 0)::text`,
    })
    .from(soloCredits)
    .where(
      and(
        eq(soloCredits.staffUserId, staffUserId),
        eq(soloCredits.sellerUserId, sellerUserId),
        isNull(soloCredits.voidedAt),
      ),
    );
  return { dayKobo: BigInt(row?.dayKobo ?? '0'), tradeKobo: BigInt(row?.tradeKobo ?? '0') };
}

/** A solo offer on this trade became money on `day` (the seller accepted it). */
export async function markOfferCredited(tx: Executor, tradeId: string, day: string) {
  await tx
    .update(soloCredits)
    .set({ creditedOn: day })
    .where(
      and(
        eq(soloCredits.tradeId, tradeId),
        eq(soloCredits.kind, 'offer'),
        isNull(soloCredits.creditedOn),
        isNull(soloCredits.voidedAt),
      ),
    );
}

/** A solo offer on this trade was declined: it credited nothing and no longer counts. */
export async function voidOffer(tx: Executor, tradeId: string, at: Date) {
  await tx
    .update(soloCredits)
    .set({ voidedAt: at })
    .where(
      and(
        eq(soloCredits.tradeId, tradeId),
        eq(soloCredits.kind, 'offer'),
        isNull(soloCredits.creditedOn),
        isNull(soloCredits.voidedAt),
      ),
    );
}
