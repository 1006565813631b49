import { SECOND_APPROVAL_WAITING } from '@karta/shared/constants';
import type { ConsoleOverview } from '@karta/shared/schemas/console-overview';
import { consolePaths } from '../../config/console-paths';
import { formatNaira } from '../../lib/format-money';
import { formatWait } from './format-wait';

interface OverviewTile {
  label: string;
  /** The figure, formatted: a count, naira, or a wait. */
  value: string;
  /** One line under the figure: what it means or what goes with it. */
  detail: string;
  /** The list behind the figure. */
  href: string;
  /** Needs someone now (stuck payouts, an old queue): marked in words, not colour alone. */
  needsAttention?: boolean;
}

export interface OverviewSection {
  title: string;
  tiles: OverviewTile[];
}

const count = (n: number) => n.toLocaleString('en-NG');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

function tradeTiles(trades: ConsoleOverview['trades'], now: number): OverviewTile[] {
  const oldest = trades.oldest_pending_at;
  const waitedSeconds = oldest ? Math.max(0, (now - Date.parse(oldest)) / 1000) : null;
  const times = trades.decision_times;
  return [
    {
      label: 'Pending trades',
      value: count(trades.pending),
      detail:
        waitedSeconds === null
          ? 'Nobody is waiting'
          : `Oldest waiting ${formatWait(waitedSeconds)}`,
      href: consolePaths.trades.getHref(),
    },
    {
      label: SECOND_APPROVAL_WAITING,
      value: count(trades.awaiting_second_approval),
      detail: 'Approved once, waiting for a second operator',
      href: consolePaths.trades.getHref('awaiting_second_approval'),
    },
    {
      label: 'Asked the seller',
      value: count(trades.info_requested),
      detail: 'Waiting for the seller’s answer',
      href: consolePaths.trades.getHref('info_requested'),
    },
    {
      label: 'Time to decision today',
      value: times.median_seconds === null ? '—' : formatWait(times.median_seconds),
      detail:
        times.p90_seconds === null
          ? 'No decisions yet today'
          : `Median; 9 in 10 within ${formatWait(times.p90_seconds)}`,
      href: consolePaths.trades.getHref('all'),
    },
    {
      label: 'Approved today',
      value: count(trades.approved_today),
      detail: `${formatNaira(trades.credited_today)} credited to sellers`,
      href: consolePaths.trades.getHref('approved'),
    },
    {
      label: 'Rejected today',
      value: count(trades.rejected_today),
      detail: 'Each with a reason the seller reads',
      href: consolePaths.trades.getHref('rejected'),
    },
  ];
}

function payoutTiles(w: ConsoleOverview['withdrawals']): OverviewTile[] {
  return [
    {
      label: 'Payouts in flight',
      value: count(w.in_flight),
      detail: `${count(w.pending)} waiting to start, ${count(w.processing)} with the bank`,
      href: consolePaths.withdrawals.getHref({ status: 'processing' }),
    },
    {
      label: 'Float needed',
      value: formatNaira(w.float),
      detail: 'What the payout provider must hold for the payouts in flight',
      href: consolePaths.withdrawals.getHref({ status: 'pending' }),
    },
    {
      label: 'Stuck over an hour',
      value: count(w.stuck),
      detail: w.stuck > 0 ? 'Re-check them with the provider' : 'None stuck',
      href: consolePaths.withdrawals.getHref({ status: 'stuck' }),
      needsAttention: w.stuck > 0,
    },
    {
      label: 'Paid today',
      value: count(w.paid_today),
      detail: `${formatNaira(w.paid_today_amount)} sent to banks`,
      href: consolePaths.withdrawals.getHref({ status: 'successful' }),
    },
    {
      label: 'Failed today',
      value: count(w.failed_today),
      detail: `${formatNaira(w.failed_today_amount)} returned to wallets`,
      href: consolePaths.withdrawals.getHref({ status: 'failed' }),
    },
  ];
}

/** Sellers waiting for an answer at the support desk (decision 070), and the oldest wait. */
function supportTile(support: ConsoleOverview['support'], now: number): OverviewTile {
  const oldest = support.oldest_waiting_since;
  const waitedSeconds = oldest ? Math.max(0, (now - Date.parse(oldest)) / 1000) : null;
  return {
    label: 'Open conversations',
    value: count(support.open),
    detail:
      waitedSeconds === null
        ? 'No seller is waiting for an answer'
        : `Oldest waiting ${formatWait(waitedSeconds)}`,
    href: consolePaths.support.getHref(),
    needsAttention: waitedSeconds !== null && waitedSeconds > 60 * 60,
  };
}

/** The overview's figures in three groups, each tile a link to the list behind it. */
export function overviewSections(overview: ConsoleOverview, now: number): OverviewSection[] {
  return [
    { title: 'Trades', tiles: tradeTiles(overview.trades, now) },
    { title: 'Payouts', tiles: payoutTiles(overview.withdrawals) },
    {
      title: 'Sellers',
      tiles: [
        {
          label: 'New accounts today',
          value: count(overview.accounts.new_today),
          detail: 'Sellers who registered since midnight in Lagos',
          href: consolePaths.sellers.getHref(),
        },
        {
          label: 'Referral rewards today',
          value: formatNaira(overview.referrals.rewards_today),
          detail: plural(overview.referrals.rewarded_today, 'reward paid', 'rewards paid'),
          href: consolePaths.sellers.getHref(),
        },
        supportTile(overview.support, now),
      ],
    },
  ];
}
