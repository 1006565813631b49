import { koboToNaira } from '@karta/shared/money';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { listAllAlertsOf } from './rate-alerts.repository';

/** The seller's rate alerts, with when each last fired. */
export async function exportRateAlerts(
  tx: Executor,
  userId: string,
): Promise<DataExport['rate_alerts']> {
  const rows = await listAllAlertsOf(tx, userId);
  return rows.map((row) => ({
    card_name: row.cardName,
    subcategory_name: row.subcategoryName,
    currency: row.currency,
    target_rate: koboToNaira(row.alert.targetKobo),
    created_at: row.alert.createdAt.toISOString(),
    last_fired_at: row.alert.lastFiredAt?.toISOString() ?? null,
    last_fired_rate:
      row.alert.lastFiredRateKobo === null ? null : koboToNaira(row.alert.lastFiredRateKobo),
  }));
}
