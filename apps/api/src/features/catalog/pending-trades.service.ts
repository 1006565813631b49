import type { PendingTradeCount } from '@karta/shared/schemas/catalog-impact';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import {
  countUndecidedTradesOfCard,
  countUndecidedTradesOfSubcategory,
} from './pending-trades.repository';

const CARD_NOT_FOUND = 'We could not find this gift card.';
const SUBCATEGORY_NOT_FOUND = 'We could not find this subcategory.';

/**
 * Asked before a deactivation, so the operator reads how many sellers still wait on the card.
 * Deactivating never touches those trades: they are decided at the rate they were given.
 */
export async function pendingTradesOfCard(
  ctx: AppContext,
  cardId: string,
): Promise<PendingTradeCount> {
  const n = isUuid(cardId) ? await countUndecidedTradesOfCard(ctx.db, cardId) : undefined;
  if (n === undefined) throw new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'id' });
  return { pending_trades: n };
}

export async function pendingTradesOfSubcategory(
  ctx: AppContext,
  subcategoryId: string,
): Promise<PendingTradeCount> {
  const n = isUuid(subcategoryId)
    ? await countUndecidedTradesOfSubcategory(ctx.db, subcategoryId)
    : undefined;
  if (n === undefined) throw new AppError('NOT_FOUND', SUBCATEGORY_NOT_FOUND, { field: 'id' });
  return { pending_trades: n };
}
