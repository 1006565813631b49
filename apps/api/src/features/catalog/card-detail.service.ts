import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { toAdminCardView } from './admin-views';
import { findCard } from './catalog.repository';

/** One card as operators see it (the catalog desk's card page opens by its address). */
export async function findCardForOperators(ctx: AppContext, cardId: string) {
  const card = isUuid(cardId) ? await findCard(ctx.db, cardId) : undefined;
  if (!card) throw new AppError('NOT_FOUND', 'We could not find this gift card.', { field: 'id' });
  return toAdminCardView(card);
}
