import { bigint, index, integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, reference } from '../columns';
import { tradeImages } from './trade-images';
import { trades } from './trades';

/**
 * A keyed hash (HMAC-SHA256 under DUPLICATE_HASH_KEY) of each e-code found in a trade's comment,
 * normalised first (card-codes.ts). The code itself is never stored here: only who else typed
 * the same one can be learnt from this table (docs/decisions/024-duplicate-cards-and-rejection-proof.md).
 */
export const tradeCodeHashes = pgTable(
  'trade_code_hashes',
  {
    codeHash: text('code_hash').notNull(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    createdAt: createdAt(),
  },
  // Led by the hash: the lookup at submission is one index probe.
  (t) => [primaryKey({ columns: [t.codeHash, t.tradeId] })],
);

/**
 * A 64-bit perceptual hash of each photo, cut into five bands (13, 13, 13, 13 and 12 bits).
 * Two hashes at most 4 bits apart agree on at least one band (pigeonhole), so a near photo is
 * found through five index probes, never by reading every hash (photo-hash.ts).
 */
export const tradePhotoHashes = pgTable(
  'trade_photo_hashes',
  {
    imageId: reference('image_id', () => tradeImages.id).primaryKey(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    phash: bigint('phash', { mode: 'bigint' }).notNull(),
    band0: integer('band_0').notNull(),
    band1: integer('band_1').notNull(),
    band2: integer('band_2').notNull(),
    band3: integer('band_3').notNull(),
    band4: integer('band_4').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trade_photo_hashes_band_0_idx').on(t.band0),
    index('trade_photo_hashes_band_1_idx').on(t.band1),
    index('trade_photo_hashes_band_2_idx').on(t.band2),
    index('trade_photo_hashes_band_3_idx').on(t.band3),
    index('trade_photo_hashes_band_4_idx').on(t.band4),
  ],
);

export const duplicateMatch = pgEnum('duplicate_match', ['code', 'photo']);

/**
 * A later trade that looks like an earlier one (any seller): the same e-code, or a photo within
 * the Hamming threshold. Written once, when the later trade is submitted; read from both ends.
 */
export const tradeDuplicates = pgTable(
  'trade_duplicates',
  {
    tradeId: reference('trade_id', () => trades.id).notNull(),
    earlierTradeId: reference('earlier_trade_id', () => trades.id).notNull(),
    match: duplicateMatch('match').notNull(),
    /** Bits apart, for a photo match (0 = the same picture); null for a code. */
    distance: integer('distance'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeId, t.earlierTradeId, t.match] }),
    index('trade_duplicates_earlier_idx').on(t.earlierTradeId),
  ],
);
