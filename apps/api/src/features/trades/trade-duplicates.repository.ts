import { and, count, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  tradeCodeHashes,
  tradeDuplicates,
  tradePhotoHashes,
} from '../../db/schema/trade-duplicates';
import { trades } from '../../db/schema/trades';
import { users } from '../../db/schema/users';
import { PHOTO_MATCH_BITS, photoHashBands } from './photo-hash';

/**
 * The most earlier trades one trade is linked to, per kind of match: a plain photo (a blank
 * screen, a stock image) can look like thousands, and the desk needs a few to compare, not all.
 */
export const MAX_MATCHES = 20;

export interface PhotoFingerprint {
  imageId: string;
  phash: bigint;
}

export interface DuplicateMatch {
  earlierTradeId: string;
  match: 'code' | 'photo';
  distance: number | null;
}

export async function insertFingerprints(
  tx: Executor,
  options: { tradeId: string; codeHashes: string[]; photos: PhotoFingerprint[] },
) {
  const { tradeId } = options;
  if (options.codeHashes.length > 0) {
    await tx
      .insert(tradeCodeHashes)
      .values(options.codeHashes.map((codeHash) => ({ codeHash, tradeId })))
      .onConflictDoNothing();
  }
  if (options.photos.length > 0) {
    await tx.insert(tradePhotoHashes).values(
      options.photos.map(({ imageId, phash }) => {
        const [band0 = 0, band1 = 0, band2 = 0, band3 = 0, band4 = 0] = photoHashBands(phash);
        return { imageId, tradeId, phash, band0, band1, band2, band3, band4 };
      }),
    );
  }
}

/** Other trades that hold one of these code hashes: one probe of the primary key per code. */
async function findCodeMatches(tx: Executor, tradeId: string, codeHashes: string[]) {
  if (codeHashes.length === 0) return [];
  const rows = await tx
    .selectDistinct({ earlierTradeId: tradeCodeHashes.tradeId })
    .from(tradeCodeHashes)
    .where(and(inArray(tradeCodeHashes.codeHash, codeHashes), ne(tradeCodeHashes.tradeId, tradeId)))
    .limit(MAX_MATCHES);
  return rows.map((row) => ({ ...row, match: 'code' as const, distance: null }));
}

/**
 * Other trades with a photo within PHOTO_MATCH_BITS of this one: the five band indexes give the
 * candidates (any near hash shares a band), and the exact distance filters them.
 */
async function findPhotoMatches(tx: Executor, tradeId: string, phash: bigint) {
  const [band0, band1, band2, band3, band4] = photoHashBands(phash);
  const distance = sql<number>`min(bit_count((${tradePhotoHashes.phash} # ${phash}::bigint)::bit(64)))::int`;
  const rows = await tx
    .select({ earlierTradeId: tradePhotoHashes.tradeId, distance })
    .from(tradePhotoHashes)
    .where(
      and(
        or(
          eq(tradePhotoHashes.band0, band0 ?? 0),
          eq(tradePhotoHashes.band1, band1 ?? 0),
          eq(tradePhotoHashes.band2, band2 ?? 0),
          eq(tradePhotoHashes.band3, band3 ?? 0),
          eq(tradePhotoHashes.band4, band4 ?? 0),
        ),
        ne(tradePhotoHashes.tradeId, tradeId),
        sql`bit_count((${tradePhotoHashes.phash} # ${phash}::bigint)::bit(64)) <= ${PHOTO_MATCH_BITS}`,
      ),
    )
    .groupBy(tradePhotoHashes.tradeId)
    .orderBy(distance)
    .limit(MAX_MATCHES);
  return rows.map((row) => ({ ...row, match: 'photo' as const }));
}

/** Every earlier trade (any seller) with the same code or a near photo; closest photo kept. */
export async function findEarlierMatches(
  tx: Executor,
  options: { tradeId: string; codeHashes: string[]; photos: PhotoFingerprint[] },
): Promise<DuplicateMatch[]> {
  const byKey = new Map<string, DuplicateMatch>();
  const found: DuplicateMatch[] = await findCodeMatches(tx, options.tradeId, options.codeHashes);
  // One photo after another: a transaction is one connection, which runs one query at a time
  // (queued by pg today, refused by pg 9).
  for (const photo of options.photos) {
    found.push(...(await findPhotoMatches(tx, options.tradeId, photo.phash)));
  }
  for (const match of found) {
    const key = `${match.earlierTradeId}:${match.match}`;
    const kept = byKey.get(key);
    if (!kept || (match.distance ?? 0) < (kept.distance ?? 0)) byKey.set(key, match);
  }
  return [...byKey.values()];
}

export async function insertDuplicates(tx: Executor, tradeId: string, matches: DuplicateMatch[]) {
  if (matches.length === 0) return;
  await tx
    .insert(tradeDuplicates)
    .values(matches.map((match) => ({ tradeId, ...match })))
    .onConflictDoNothing();
}

const other = alias(trades, 'other_trade');

/** The duplicate links touching these trades, from either end, with the other trade's facts. */
export async function listDuplicateLinks(tx: Executor, tradeIds: string[]) {
  if (tradeIds.length === 0) return [];
  const isLater = inArray(tradeDuplicates.tradeId, tradeIds);
  const otherId = sql`case when ${isLater} then ${tradeDuplicates.earlierTradeId} else ${tradeDuplicates.tradeId} end`;
  return (
    tx
      .select({
        tradeId: sql<string>`case when ${isLater} then ${tradeDuplicates.tradeId} else ${tradeDuplicates.earlierTradeId} end`,
        isEarlier: sql<boolean>`${isLater}`,
        match: tradeDuplicates.match,
        distance: tradeDuplicates.distance,
        other: {
          id: other.id,
          reference: other.reference,
          status: other.status,
          createdAt: other.createdAt,
        },
        seller: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      })
      .from(tradeDuplicates)
      .innerJoin(other, sql`${other.id} = ${otherId}`)
      .innerJoin(users, eq(users.id, other.userId))
      .where(or(isLater, inArray(tradeDuplicates.earlierTradeId, tradeIds)))
      // A shared code says more than a look-alike photo: code links first, then oldest first.
      .orderBy(tradeDuplicates.match, other.createdAt)
  );
}

/**
 * How many of the seller's trades look like another trade (at either end of a link): their
 * trades off the user index, each probed on the two ends' indexes.
 */
export async function countSellerDuplicateTrades(tx: Executor, userId: string) {
  const linkOf = (column: typeof tradeDuplicates.tradeId) =>
    exists(
      tx
        .select({ one: sql`1` })
        .from(tradeDuplicates)
        .where(eq(column, trades.id)),
    );
  const [row] = await tx
    .select({ value: count() })
    .from(trades)
    .where(
      and(
        eq(trades.userId, userId),
        or(linkOf(tradeDuplicates.tradeId), linkOf(tradeDuplicates.earlierTradeId)),
      ),
    );
  return row?.value ?? 0;
}
