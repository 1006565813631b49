import { getLagosDate } from '@karta/shared/dates';
import { koboToNaira } from '@karta/shared/money';
import type { ConsoleOverview } from '@karta/shared/schemas/console-overview';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { openSummary } from '../support/support-summary.service';
import { getDeskSummary } from '../withdrawals/withdrawal-desk.service';
import { countDecided, percentileOf } from './decision-percentiles';
import * as overview from './overview.repository';

const NONE: overview.Total = { n: 0, kobo: 0n };

/**
 * What stands now, from the running totals: trades and withdrawals by status (`trades.pending`,
 * `withdrawals.processing`, …) and when the oldest pending trade came in. The /metrics scrape
 * reads these.
 */
export async function readStandingTotals(tx: Executor) {
  const [gauges, oldestPendingAt] = await Promise.all([
    overview.readGauges(tx),
    overview.findOldestPendingAt(tx),
  ]);
  return { gauges, oldestPendingAt };
}

/**
 * The console overview's figures: running totals kept by triggers (decision 022),
 * one index probe for the oldest pending trade, and the money desk's stuck count and open
 * alerts off their partial indexes. Nothing here reads more than a few hundred rows.
 */
export async function getOverview(ctx: AppContext): Promise<ConsoleOverview> {
  const now = ctx.clock.now();
  const day = getLagosDate(now);
  const [gauges, today, decisionTimes, oldestPendingAt, payouts, waitingAdjustments, support] =
    await Promise.all([
      overview.readGauges(ctx.db),
      overview.readDay(ctx.db, day),
      overview.readDecisionTimes(ctx.db, day),
      overview.findOldestPendingAt(ctx.db),
      getDeskSummary(ctx),
      overview.countTradesWithWaitingAdjustment(ctx.db),
      openSummary(ctx.db),
    ]);
  const gauge = (metric: string) => gauges.get(metric) ?? NONE;
  const ofToday = (metric: string) => today.get(metric) ?? NONE;
  const [pendingPayouts, processingPayouts] = [
    gauge('withdrawals.pending'),
    gauge('withdrawals.processing'),
  ];
  const [approved, rejected] = [ofToday('trades.approved'), ofToday('trades.rejected')];
  const [paid, failed] = [ofToday('withdrawals.successful'), ofToday('withdrawals.failed')];
  const rewards = ofToday('referrals.rewarded');
  return {
    as_of: now.toISOString(),
    lagos_day: day,
    trades: {
      pending: gauge('trades.pending').n,
      oldest_pending_at: oldestPendingAt?.toISOString() ?? null,
      info_requested: gauge('trades.info_requested').n,
      // Every credit that waits for a second person: first approvals and adjustments.
      awaiting_second_approval: gauge('trades.awaiting_second_approval').n + waitingAdjustments,
      approved_today: approved.n,
      rejected_today: rejected.n,
      credited_today: koboToNaira(approved.kobo),
      decision_times: {
        decided: countDecided(decisionTimes),
        median_seconds: percentileOf(decisionTimes, 0.5),
        p90_seconds: percentileOf(decisionTimes, 0.9),
      },
    },
    referrals: { rewarded_today: rewards.n, rewards_today: koboToNaira(rewards.kobo) },
    withdrawals: {
      pending: pendingPayouts.n,
      processing: processingPayouts.n,
      in_flight: pendingPayouts.n + processingPayouts.n,
      float: koboToNaira(pendingPayouts.kobo + processingPayouts.kobo),
      stuck: payouts.stuck_count,
      paid_today: paid.n,
      paid_today_amount: koboToNaira(paid.kobo),
      failed_today: failed.n,
      failed_today_amount: koboToNaira(failed.kobo),
    },
    accounts: { new_today: ofToday('users.registered').n },
    support: {
      open: support.open,
      oldest_waiting_since: support.oldestWaitingSince?.toISOString() ?? null,
    },
    payout_alerts: { open_count: payouts.open_alert_count, open: payouts.open_alerts },
  };
}
