import { getLagosDate } from '@karta/shared/dates';
import { formatKoboForPeople, koboToNaira, parseNairaToKobo } from '@karta/shared/money';
import type { PageQuery } from '@karta/shared/schemas/common';
import { RATE_ALERTS_MAX } from '@karta/shared/rate-alert-rules';
import type { RateAlert } from '@karta/shared/schemas/rate-alerts';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { startOfLagosDay } from '../../lib/lagos-time';
import { offsetOf, pageMeta } from '../../lib/paging';
import { recordNotice } from '../notices/notices.service';
import { describeFiredAlert, mailFiredAlert, RATE_CALCULATOR_PATH } from './rate-alert-words';
import * as alerts from './rate-alerts.repository';

const SUBCATEGORY_NOT_FOUND = 'We could not find this subcategory.';
const ALERT_NOT_FOUND = 'We could not find this rate alert.';

const toView = (row: alerts.RateAlertListRow): RateAlert => ({
  id: row.alert.id,
  subcategory_id: row.alert.subcategoryId,
  card_name: row.cardName,
  subcategory_name: row.subcategoryName,
  currency: row.currency,
  target_rate: koboToNaira(row.alert.targetKobo),
  current_rate: koboToNaira(row.rateKobo),
  is_on_sale: row.isOnSale,
  last_fired_at: row.alert.lastFiredAt?.toISOString() ?? null,
  last_fired_rate:
    row.alert.lastFiredRateKobo === null ? null : koboToNaira(row.alert.lastFiredRateKobo),
  created_at: row.alert.createdAt.toISOString(),
});

export async function listUserRateAlerts(
  ctx: AppContext,
  options: { userId: string; page: PageQuery },
) {
  const { rows, total } = await alerts.listAlertsOf(ctx.db, {
    userId: options.userId,
    limit: options.page.size,
    offset: offsetOf(options.page),
  });
  return { data: rows.map(toView), meta: pageMeta(options.page, total) };
}

/**
 * Sets the seller's alert on a subcategory, or changes its target when there is one already
 * (one alert per subcategory). The target must be above today's rate: alerts only say "the rate
 * went up to" (decision 039). Saves of one seller take turns, so the limit holds under races.
 */
export async function saveUserRateAlert(
  ctx: AppContext,
  options: { userId: string; subcategoryId: string; rate: string },
): Promise<RateAlert> {
  const { userId, subcategoryId } = options;
  const targetKobo = parseNairaToKobo(options.rate);
  return ctx.db.transaction(async (tx) => {
    const subcategory = isUuid(subcategoryId)
      ? await alerts.findSubcategory(tx, subcategoryId)
      : undefined;
    if (!subcategory) {
      throw new AppError('NOT_FOUND', SUBCATEGORY_NOT_FOUND, { field: 'subcategory_id' });
    }
    if (!subcategory.isOnSale) {
      throw new AppError(
        'BAD_REQUEST',
        'We are not buying this subcategory at the moment, so its rate is not changing. Choose another one.',
        { field: 'subcategory_id' },
      );
    }
    if (targetKobo <= subcategory.rateKobo) {
      const today = formatKoboForPeople(subcategory.rateKobo);
      throw new AppError(
        'BAD_REQUEST',
        `The rate is already ${today}. Choose a rate above ${today} to be told when it goes up.`,
        { field: 'rate' },
      );
    }
    await alerts.lockAlertsOf(tx, userId);
    const at = ctx.clock.now();
    const existing = await alerts.findAlertFor(tx, { userId, subcategoryId });
    if (existing) {
      await alerts.retargetAlert(tx, { id: existing.id, targetKobo, at });
      return toView(await alerts.findAlertView(tx, existing.id));
    }
    if ((await alerts.countAlertsOf(tx, userId)) >= RATE_ALERTS_MAX) {
      throw new AppError(
        'BAD_REQUEST',
        `You can keep up to ${String(RATE_ALERTS_MAX)} rate alerts. Delete one in Settings, under Rate alerts, to add another.`,
        { domainCode: 'LIMIT_EXCEEDED', field: 'subcategory_id' },
      );
    }
    const row = await alerts.insertAlert(tx, {
      userId,
      subcategoryId,
      targetKobo,
      createdAt: at,
      updatedAt: at,
    });
    return toView(await alerts.findAlertView(tx, row.id));
  });
}

/** Another user's alert answers exactly like a missing one: its existence is not revealed. */
export async function deleteUserRateAlert(
  ctx: AppContext,
  options: { userId: string; alertId: string },
) {
  const isDeleted =
    isUuid(options.alertId) &&
    (await alerts.deleteAlert(ctx.db, { userId: options.userId, id: options.alertId }));
  if (!isDeleted) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND, { field: 'rate_alert_id' });
}

/** A published rate that changed: the subcategory, the rate before and the rate now. */
export interface PublishedRateChange {
  subcategoryId: string;
  fromKobo: bigint;
  toKobo: bigint;
}

/** What a rate change fired, to be mailed once the change is committed. */
export type FiredRateAlerts = alerts.FiredAlertRow[];

/**
 * Called by every path that changes a published rate, inside its transaction, with all the
 * rates it changed: fires the alerts whose target the new rate reaches and the old did not
 * (one statement however many rates changed), at most once per Lagos day each, and writes
 * their notices in the same transaction. Answers what to mail after the commit
 * (`mailFiredRateAlerts`).
 */
export async function fireRateAlerts(
  tx: Executor,
  options: { changes: PublishedRateChange[]; at: Date },
): Promise<FiredRateAlerts> {
  const rising = options.changes.filter((change) => change.toKobo > change.fromKobo);
  if (rising.length === 0) return [];
  const fired = await alerts.fireCrossedAlerts(tx, {
    changes: rising,
    at: options.at,
    notBefore: startOfLagosDay(getLagosDate(options.at)),
  });
  for (const alert of fired) {
    const words = describeFiredAlert(alert);
    await recordNotice(tx, {
      userId: alert.user_id,
      kind: 'rate_alert',
      title: words.title,
      body: words.body,
      link: RATE_CALCULATOR_PATH,
      at: options.at,
    });
  }
  return fired;
}

/** Mails sent at once: enough to clear a big sheet's alerts quickly, few for the mail server. */
const MAILS_AT_ONCE = 4;

/** After the commit: one mail per fired alert. A mail that fails is logged, never retried. */
export async function mailFiredRateAlerts(ctx: AppContext, fired: FiredRateAlerts) {
  let next = 0;
  const sendNext = async (): Promise<void> => {
    const alert = fired[next];
    next += 1;
    if (!alert) return;
    await mailFiredAlert(ctx, alert);
    await sendNext();
  };
  await Promise.all(Array.from({ length: Math.min(MAILS_AT_ONCE, fired.length) }, sendNext));
}
