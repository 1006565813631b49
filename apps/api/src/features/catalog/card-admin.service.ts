import type { CreateGiftCardInput, UpdateGiftCardInput } from '@karta/shared/schemas/catalog-admin';
import type { PageQuery } from '@karta/shared/schemas/common';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { forgetActiveCardCount } from './active-card-count';
import { toAdminCardView, toSlug } from './admin-views';
import * as admin from './catalog-admin.repository';
import { isUniqueViolation } from '../../lib/pg-errors';

const CARD_NOT_FOUND = 'We could not find this gift card.';
const NAME_TAKEN = 'A gift card with this name already exists.';

const isSlugTaken = (error: unknown) => isUniqueViolation(error, 'gift_cards_slug_key');

/** A duplicate name surfaces as the slug's unique index; it means the same thing to operators. */
async function withNameConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSlugTaken(error))
      throw new AppError('CONFLICT', NAME_TAKEN, { domainCode: 'ALREADY_EXISTS', field: 'name' });
    throw error;
  }
}

export async function listCardsForOperators(ctx: AppContext, page: PageQuery) {
  const { rows, total } = await admin.listAllCards(ctx.db, {
    limit: page.size,
    offset: (page.page - 1) * page.size,
  });
  return {
    data: rows.map(toAdminCardView),
    meta: { ...page, total, totalPages: Math.ceil(total / page.size) },
  };
}

export async function createCard(
  ctx: AppContext,
  options: { actor: Actor; input: CreateGiftCardInput },
) {
  const { input, actor } = options;
  const card = await withNameConflict(() =>
    ctx.db.transaction(async (tx) => {
      const row = await admin.insertCard(tx, {
        name: input.name,
        slug: toSlug(input.name),
        brandColour: input.brand_colour.toLowerCase(),
        active: input.active,
        sortOrder: input.sort_order,
      });
      const after = toAdminCardView(row);
      await recordAudit(tx, {
        actor,
        action: 'catalog.card.create',
        targetType: 'gift_card',
        targetId: row.id,
        before: null,
        after,
      });
      return after;
    }),
  );
  forgetActiveCardCount(ctx);
  return card;
}

export async function updateCard(
  ctx: AppContext,
  options: { actor: Actor; cardId: string; input: UpdateGiftCardInput },
) {
  const { input, actor } = options;
  const card = await withNameConflict(() =>
    ctx.db.transaction(async (tx) => {
      const current = isUuid(options.cardId) ? await admin.lockCard(tx, options.cardId) : null;
      if (!current) throw new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'id' });
      const row = await admin.updateCard(tx, current.id, {
        ...(input.name === undefined ? {} : { name: input.name, slug: toSlug(input.name) }),
        ...(input.brand_colour === undefined
          ? {}
          : { brandColour: input.brand_colour.toLowerCase() }),
        ...(input.active === undefined ? {} : { active: input.active }),
        ...(input.sort_order === undefined ? {} : { sortOrder: input.sort_order }),
        updatedAt: ctx.clock.now(),
      });
      const after = toAdminCardView(row);
      await recordAudit(tx, {
        actor,
        action: 'catalog.card.update',
        targetType: 'gift_card',
        targetId: row.id,
        before: toAdminCardView(current),
        after,
      });
      return after;
    }),
  );
  forgetActiveCardCount(ctx);
  return card;
}
