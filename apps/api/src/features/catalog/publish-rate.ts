import type { Executor } from '../../db/client';
import * as admin from './catalog-admin.repository';
import type { SubcategoryRow } from './catalog.repository';

/**
 * Puts a new rate in force: the subcategory's rate and its history row, in the caller's
 * transaction (which holds the subcategory's row lock). Every path that publishes a rate that
 * exists already goes through here: the sheet, and a confirmed rate change (decision 049).
 * `changedByUserId` is whose rate it is: the one who asked for it, also when a second person
 * confirmed it (the audit row names both).
 */
export async function publishRate(
  tx: Executor,
  options: { subcategoryId: string; rateKobo: bigint; changedByUserId: string; at: Date },
): Promise<SubcategoryRow> {
  const { subcategoryId, rateKobo, changedByUserId, at } = options;
  const row = await admin.updateSubcategory(tx, subcategoryId, { rateKobo, updatedAt: at });
  await admin.insertRateChanges(tx, [{ subcategoryId, rateKobo, changedByUserId, changedAt: at }]);
  return row;
}
