import type { BulkRatesInput } from '@karta/shared/schemas/catalog-admin';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { parseNairaToKobo } from '@karta/shared/money';
import { needsSecondRateApproval } from '@karta/shared/rate-four-eyes';
import type { PublishedSubcategory } from '@karta/shared/schemas/rate-change-requests';
import * as admin from './catalog-admin.repository';
import { toAdminSubcategoryView } from './admin-views';
import type { SubcategoryRow } from './catalog.repository';
import { publishRate } from './publish-rate';
import { askForSecondApproval, type HeldRate } from './rate-change-requests.service';
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
 * A rate more than RATE_FOUR_EYES_PERCENT from the rate in force is not published but waits
 * for a second person (decision 049), in the same transaction as the rest of the sheet. The
 * sellers' rate alerts the new rates reach fire in the same transaction (one query for the
 * whole sheet); their mails go after the commit. Answers every line in its order, the ones that
 * wait with their request.
 */
export async function applyRateSheet(
  ctx: AppContext,
  options: { actor: Actor; rates: BulkRatesInput['rates'] },
): Promise<PublishedSubcategory[]> {
  const { actor, rates } = options;
  const { answer, fired } = await ctx.db.transaction(async (tx) => {
    const validIds = rates.map(({ id }) => id).filter((id) => isUuid(id));
    const current = validIds.length > 0 ? await admin.lockSubcategories(tx, validIds) : [];
    const byId = new Map(current.map((row) => [row.id, row]));
    checkIds(rates, new Set(byId.keys()));
    const now = ctx.clock.now();
    const rows: SubcategoryRow[] = [];
    const held: HeldRate[] = [];
    const changes: PublishedRateChange[] = [];
    for (const { id, rate } of rates) {
      const before = byId.get(id);
      if (!before) throw new Error('checked above');
      const rateKobo = parseNairaToKobo(rate);
      if (rateKobo === before.rateKobo) {
        rows.push(before);
        continue;
      }
      if (needsSecondRateApproval(before.rateKobo, rateKobo)) {
        held.push({ before, toKobo: rateKobo });
        rows.push(before);
        continue;
      }
      const row = await publishRate(tx, {
        subcategoryId: id,
        rateKobo,
        changedByUserId: actor.userId,
        at: now,
      });
      changes.push({ subcategoryId: id, fromKobo: before.rateKobo, toKobo: rateKobo });
      await recordAudit(tx, {
        actor,
        action: 'catalog.subcategory.rate',
        targetType: 'gift_card_subcategory',
        targetId: id,
        before: toAdminSubcategoryView(before),
        after: toAdminSubcategoryView(row),
      });
      rows.push(row);
    }
    const waiting = await askForSecondApproval(tx, { actor, at: now, held });
    const answer = rows.map((row) => ({
      ...toAdminSubcategoryView(row),
      waiting_rate_change: waiting.get(row.id) ?? null,
    }));
    return { answer, fired: await fireRateAlerts(tx, { changes, at: now }) };
  });
  await mailFiredRateAlerts(ctx, fired);
  return answer;
}
