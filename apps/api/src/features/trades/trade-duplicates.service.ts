import type { TradeDuplicate } from '@karta/shared/schemas/trade-duplicates';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { findCardCodes, hashCardCode } from './card-codes';
import {
  countSellerDuplicateTrades,
  findEarlierMatches,
  insertDuplicates,
  insertFingerprints,
  listDuplicateLinks,
  MAX_MATCHES,
  type PhotoFingerprint,
} from './trade-duplicates.repository';

/** The keyed hashes of the e-codes in a comment; the codes themselves go no further. */
export const codeHashesOf = (ctx: AppContext, comment: string | null) =>
  findCardCodes(comment).map((code) => hashCardCode(ctx.keys.duplicateCodes, code));

/**
 * Keeps a new trade's fingerprints and links it to every earlier trade (any seller) with the
 * same code or a near photo. Runs in the trade's own insert transaction, so a trade never
 * exists without its fingerprints. Two trades submitted at the same instant may each miss the
 * other (neither is committed yet); decision 024 accepts that.
 */
export async function recordDuplicates(
  tx: Executor,
  options: { tradeId: string; codeHashes: string[]; photos: PhotoFingerprint[] },
) {
  const matches = await findEarlierMatches(tx, options);
  await insertFingerprints(tx, options);
  await insertDuplicates(tx, options.tradeId, matches);
}

/** Which of two links to one trade says more: the same code, else the nearer photo. */
const isStronger = (link: TradeDuplicate, than: TradeDuplicate) =>
  link.match === 'code'
    ? than.match !== 'code'
    : than.match !== 'code' && (link.distance ?? 64) < (than.distance ?? 64);

/**
 * Each trade's duplicate links, as the desk shows them (the other trade, oldest first): one row
 * per other trade, with its strongest match. A trade with the same code and the same photo (or
 * several near photos) is linked several times; the panel listed it once per link.
 */
export async function duplicatesByTrade(
  tx: Executor,
  tradeIds: string[],
): Promise<Map<string, TradeDuplicate[]>> {
  const byTrade = new Map<string, TradeDuplicate[]>();
  for (const link of await listDuplicateLinks(tx, tradeIds)) {
    const view: TradeDuplicate = {
      trade: {
        id: link.other.id,
        reference: link.other.reference,
        status: link.other.status,
        created_at: link.other.createdAt.toISOString(),
        seller: {
          id: link.seller.id,
          first_name: link.seller.firstName,
          last_name: link.seller.lastName,
        },
      },
      match: link.match,
      distance: link.distance,
      is_earlier: link.isEarlier,
    };
    const kept = byTrade.get(link.tradeId) ?? [];
    const same = kept.findIndex((each) => each.trade.id === view.trade.id);
    if (same >= 0) {
      const current = kept[same];
      if (current && isStronger(view, current)) kept[same] = view;
      continue;
    }
    // A much-copied card is linked from many later trades; the first few say enough.
    if (kept.length < MAX_MATCHES) byTrade.set(link.tradeId, [...kept, view]);
  }
  return byTrade;
}

/** The seller page's flag: how many of the seller's trades look like another trade. */
export const countDuplicateCards = (ctx: AppContext, userId: string) =>
  countSellerDuplicateTrades(ctx.db, userId);
