import type { BulkRatesInput } from '@karta/shared/schemas/catalog-admin';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { parseNairaToKobo } from '@karta/shared/money';
import * as admin from './catalog-admin.repository';
import { toAdminSubcategoryView } from './admin-views';
import {
  fireRateAlerts,
  mailFiredRateAlerts,
  type PublishedRateChange,
} from '../rate-alerts/rate-alerts.service';

/** Every id must appear once and be a real subcategory; the first bad one is named. */
function checkIds(rates: BulkRatesInput['rates'], known: Set<string>) {
  const seen = new Set<string>();
  rates.forEach(({ id }, index) => {
    const field = `rates.${String(index)}.id`;
    if (seen.has(id)) {
      throw new AppError('BAD_REQUEST', `Subcategory ${id} appears more than once.`, { field });
    }
    seen.add(id);
    if (!known.has(id)) {
      throw new AppError('BAD_REQUEST', `We could not find subcategory ${id}.`, { field });
    }
  });
}

/**
 * The morning rate sheet, all or nothing: one transaction locks every row, checks every id, then
 * writes the rates, their history and the audit rows. Any failure leaves every rate as it was.
 * The sellers' rate alerts the new rates reach fire in the same transaction (one query for the
 * whole sheet); their mails go after the commit.
 */
export async function applyRateSheet(
  ctx: AppContext,
  options: { actor: Actor; rates: BulkRatesInput['rates'] },
) {
  const { actor, rates } = options;
  const { updated, fired } = await ctx.db.transaction(async (tx) => {
    const validIds = rates.map(({ id }) => id).filter((id) => isUuid(id));
    const current = validIds.length > 0 ? await admin.lockSubcategories(tx, validIds) : [];
    const byId = new Map(current.map((row) => [row.id, row]));
    checkIds(rates, new Set(byId.keys()));
    const now = ctx.clock.now();
    const updated = [];
    const changes: PublishedRateChange[] = [];
    for (const { id, rate } of rates) {
      const before = byId.get(id);
      if (!before) throw new Error('checked above');
      const rateKobo = parseNairaToKobo(rate);
      if (rateKobo === before.rateKobo) {
        updated.push(toAdminSubcategoryView(before));
        continue;
      }
      const row = await admin.updateSubcategory(tx, id, { rateKobo, updatedAt: now });
      changes.push({ subcategoryId: id, fromKobo: before.rateKobo, toKobo: rateKobo });
      await admin.insertRateChanges(tx, [
        { subcategoryId: id, rateKobo, changedByUserId: actor.userId, changedAt: now },
      ]);
      const after = toAdminSubcategoryView(row);
      await recordAudit(tx, {
        actor,
        action: 'catalog.subcategory.rate',
        targetType: 'gift_card_subcategory',
        targetId: id,
        before: toAdminSubcategoryView(before),
        after,
      });
      updated.push(after);
    }
    return { updated, fired: await fireRateAlerts(tx, { changes, at: now }) };
  });
  await mailFiredRateAlerts(ctx, fired);
  return updated;
}
