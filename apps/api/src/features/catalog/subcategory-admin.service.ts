import type {
  CreateSubcategoryInput,
  UpdateSubcategoryInput,
} from '@karta/shared/schemas/catalog-admin';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { parseNairaToKobo } from '@karta/shared/money';
import { toAdminSubcategoryView } from './admin-views';
import * as admin from './catalog-admin.repository';
import { findCard } from './catalog.repository';
import { needsSecondRateApproval } from '@karta/shared/rate-four-eyes';
import type { PublishedSubcategory } from '@karta/shared/schemas/rate-change-requests';
import { fireRateAlerts, mailFiredRateAlerts } from '../rate-alerts/rate-alerts.service';
import { askForSecondApproval } from './rate-change-requests.service';

const CARD_NOT_FOUND = 'We could not find this gift card.';
const SUBCATEGORY_NOT_FOUND = 'We could not find this subcategory.';

function checkAmounts(min: number, max: number) {
  if (max < min) {
    throw new AppError('BAD_REQUEST', 'The largest card amount cannot be below the smallest.', {
      field: 'max_amount',
    });
  }
}

export async function listSubcategoriesForOperators(ctx: AppContext, cardId: string) {
  const card = isUuid(cardId) ? await findCard(ctx.db, cardId) : null;
  if (!card) throw new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'id' });
  const rows = await admin.listAllSubcategories(ctx.db, card.id);
  return rows.map(toAdminSubcategoryView);
}

export async function createSubcategory(
  ctx: AppContext,
  options: { actor: Actor; cardId: string; input: CreateSubcategoryInput },
) {
  const { input, actor } = options;
  checkAmounts(input.min_amount, input.max_amount);
  return ctx.db.transaction(async (tx) => {
    const card = isUuid(options.cardId) ? await admin.lockCard(tx, options.cardId) : null;
    if (!card) throw new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'id' });
    const now = ctx.clock.now();
    const row = await admin.insertSubcategory(tx, {
      giftCardId: card.id,
      name: input.name,
      currency: input.currency,
      rateKobo: parseNairaToKobo(input.rate),
      minAmount: input.min_amount,
      maxAmount: input.max_amount,
      active: input.active,
      sortOrder: input.sort_order,
      createdAt: now,
      updatedAt: now,
    });
    // The first rate is history too: the chart starts the day the subcategory was created.
    await admin.insertRateChanges(tx, [
      {
        subcategoryId: row.id,
        rateKobo: row.rateKobo,
        changedByUserId: actor.userId,
        changedAt: now,
      },
    ]);
    const after = toAdminSubcategoryView(row);
    await recordAudit(tx, {
      actor,
      action: 'catalog.subcategory.create',
      targetType: 'gift_card_subcategory',
      targetId: row.id,
      before: null,
      after,
    });
    return after;
  });
}

/**
 * A subcategory's edit. A new rate more than RATE_FOUR_EYES_PERCENT from the rate in force is
 * the rate sheet's side door: it is not published but waits for a second person, as on the
 * sheet (decision 049), while the rest of the edit is saved. Answers the subcategory as it now
 * is, with the waiting request when there is one.
 */
export async function updateSubcategory(
  ctx: AppContext,
  options: { actor: Actor; subcategoryId: string; input: UpdateSubcategoryInput },
): Promise<PublishedSubcategory> {
  const { input, actor } = options;
  const { after, fired } = await ctx.db.transaction(async (tx) => {
    const [current] = isUuid(options.subcategoryId)
      ? await admin.lockSubcategories(tx, [options.subcategoryId])
      : [];
    if (!current) throw new AppError('NOT_FOUND', SUBCATEGORY_NOT_FOUND, { field: 'id' });
    checkAmounts(input.min_amount ?? current.minAmount, input.max_amount ?? current.maxAmount);
    const asked = input.rate === undefined ? current.rateKobo : parseNairaToKobo(input.rate);
    const waits = asked !== current.rateKobo && needsSecondRateApproval(current.rateKobo, asked);
    const rateKobo = waits ? current.rateKobo : asked;
    const now = ctx.clock.now();
    const waiting = await askForSecondApproval(tx, {
      actor,
      at: now,
      held: waits ? [{ before: current, toKobo: asked }] : [],
    });
    const waitingRateChange = waiting.get(current.id) ?? null;
    // A rate that waits and nothing else asked: the subcategory itself does not change.
    if (waits && Object.keys(input).every((field) => field === 'rate')) {
      return {
        after: { ...toAdminSubcategoryView(current), waiting_rate_change: waitingRateChange },
        fired: [],
      };
    }
    const row = await admin.updateSubcategory(tx, current.id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.min_amount === undefined ? {} : { minAmount: input.min_amount }),
      ...(input.max_amount === undefined ? {} : { maxAmount: input.max_amount }),
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(input.sort_order === undefined ? {} : { sortOrder: input.sort_order }),
      rateKobo,
      updatedAt: now,
    });
    if (rateKobo !== current.rateKobo) {
      await admin.insertRateChanges(tx, [
        { subcategoryId: row.id, rateKobo, changedByUserId: actor.userId, changedAt: now },
      ]);
    }
    const after = toAdminSubcategoryView(row);
    await recordAudit(tx, {
      actor,
      action: 'catalog.subcategory.update',
      targetType: 'gift_card_subcategory',
      targetId: row.id,
      before: toAdminSubcategoryView(current),
      after,
    });
    // The alerts the new rate reaches fire with the change; their mails go after the commit.
    const changes = [{ subcategoryId: row.id, fromKobo: current.rateKobo, toKobo: rateKobo }];
    return {
      after: { ...after, waiting_rate_change: waitingRateChange },
      fired: await fireRateAlerts(tx, { changes, at: now }),
    };
  });
  await mailFiredRateAlerts(ctx, fired);
  return after;
}
