import { createHash } from 'node:crypto';
import type {
  GiftCardListQuery,
  RateHistoryQuery,
  SubcategoryListQuery,
} from '@karta/shared/schemas/catalog';
import { CATALOG_SEARCH_LIMIT } from '@karta/shared/schemas/catalog';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { koboToNaira } from '@karta/shared/money';
import { getActiveCardCount } from './active-card-count';
import * as catalog from './catalog.repository';
import { drawCardArt } from './card-art';
import { buildRatePoints, getChangePercent, listLagosDays, startOfLagosDay } from './rate-history';

const ART_FILE = /^([0-9a-f-]{36})\.svg$/i;
const IMAGE_FILE = /^([0-9a-f-]{36})\.webp$/i;
const CARD_NOT_FOUND = 'We could not find this gift card.';

const cardArtUrl = (cardId: string) => `/api/v1/card/art/${cardId}.svg`;

/** Changes with every upload, so the image can be cached for good under its URL. */
const imageVersion = (imageKey: string) =>
  createHash('sha256').update(imageKey).digest('hex').slice(0, 12);

/** The uploaded image when there is one, else the drawn SVG art. */
export const cardImageUrl = (row: Pick<catalog.GiftCardRow, 'id' | 'imageKey'>) =>
  row.imageKey
    ? `/api/v1/card/image/${row.id}.webp?v=${imageVersion(row.imageKey)}`
    : cardArtUrl(row.id);

export const toCardView = (row: catalog.GiftCardRow) => ({
  id: row.id,
  name: row.name,
  img_info: { url: cardImageUrl(row) },
});

const toSubcategoryView = (row: catalog.SubcategoryRow) => ({
  id: row.id,
  name: row.name,
  rate: koboToNaira(row.rateKobo),
  currency: row.currency,
  min_amount: row.minAmount,
  max_amount: row.maxAmount,
});

/** A search has no paging (docs/product.md §7): one page holding every match. */
const searchPage = <T>(data: T[]) => ({
  data,
  meta: { page: 1, size: data.length, total: data.length, totalPages: 1 },
});

const pageMeta = (page: number, size: number, total: number) => ({
  page,
  size,
  total,
  totalPages: Math.ceil(total / size),
});

export async function listGiftCards(ctx: AppContext, query: GiftCardListQuery) {
  if (query.card_name) {
    const rows = await catalog.searchActiveCards(ctx.db, {
      text: query.card_name,
      limit: CATALOG_SEARCH_LIMIT,
    });
    return searchPage(rows.map(toCardView));
  }
  const { page, size } = query;
  const [rows, total] = await Promise.all([
    catalog.listActiveCards(ctx.db, { limit: size, offset: (page - 1) * size }),
    getActiveCardCount(ctx),
  ]);
  return { data: rows.map(toCardView), meta: pageMeta(page, size, total) };
}

export async function listGiftCardSubcategories(
  ctx: AppContext,
  options: { cardId: string; query: SubcategoryListQuery },
) {
  const { page, size, card_category_name: text } = options.query;
  const notFound = () => new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'catId' });
  if (!isUuid(options.cardId)) throw notFound();
  if (text) {
    const card = await catalog.findCard(ctx.db, options.cardId);
    if (!card?.active) throw notFound();
    const rows = await catalog.searchActiveSubcategories(ctx.db, {
      cardId: card.id,
      text,
      limit: CATALOG_SEARCH_LIMIT,
    });
    return searchPage(rows.map(toSubcategoryView));
  }
  // The card, the page and the total in one statement.
  const { card, rows, total } = await catalog.listCardSubcategories(ctx.db, {
    cardId: options.cardId,
    limit: size,
    offset: (page - 1) * size,
  });
  if (!card?.active) throw notFound();
  return { data: rows.map(toSubcategoryView), meta: pageMeta(page, size, total) };
}

export async function getRateHistory(
  ctx: AppContext,
  options: { subcategoryId: string; query: RateHistoryQuery },
) {
  const subcategory = isUuid(options.subcategoryId)
    ? await catalog.findListedSubcategory(ctx.db, options.subcategoryId)
    : undefined;
  if (!subcategory) {
    throw new AppError('NOT_FOUND', 'We could not find this subcategory.', {
      field: 'subcategoryId',
    });
  }
  const days = listLagosDays(ctx.clock.now(), options.query.days);
  const [firstDay = '', lastDay = ''] = [days[0], days[days.length - 1]];
  const changes = await catalog.listRateChangesFor(ctx.db, {
    subcategoryId: subcategory.id,
    from: startOfLagosDay(firstDay),
    until: new Date(startOfLagosDay(lastDay).getTime() + 24 * 60 * 60 * 1000),
  });
  const points = buildRatePoints(changes, days);
  return {
    subcategory_id: subcategory.id,
    currency: subcategory.currency,
    points,
    change_percent: getChangePercent(points),
  };
}

/** The SVG for `/card/art/<id>.svg`; any card that exists, so operators see inactive ones too. */
export async function getCardArt(ctx: AppContext, file: string) {
  const id = ART_FILE.exec(file)?.[1];
  const card = id && isUuid(id) ? await catalog.findCard(ctx.db, id) : undefined;
  if (!card) throw new AppError('NOT_FOUND', 'We could not find this card art.', { field: 'file' });
  return { svg: drawCardArt(card), updatedAt: card.updatedAt };
}

/**
 * The uploaded image for `/card/image/<id>.webp`, from storage. `current` says whether the
 * caller asked for this very version (its `v`), which may then be cached for good.
 */
export async function getCardImage(ctx: AppContext, options: { file: string; version?: string }) {
  const id = IMAGE_FILE.exec(options.file)?.[1];
  const card = id && isUuid(id) ? await catalog.findCard(ctx.db, id) : undefined;
  const stored = card?.imageKey ? await ctx.storage.get(card.imageKey) : null;
  if (!card?.imageKey || !stored) {
    throw new AppError('NOT_FOUND', 'We could not find this card image.', { field: 'file' });
  }
  return {
    bytes: stored.bytes,
    contentType: stored.contentType,
    current: options.version === imageVersion(card.imageKey),
  };
}
