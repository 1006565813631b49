import {
  STUCK_PAYOUT_MINUTES,
  type DeskWithdrawalDetail,
  type WithdrawalDeskQuery,
} from '@karta/shared/schemas/withdrawal-desk';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { offsetOf, pageMeta } from '../../lib/paging';
import { listMovements } from '../ledger/ledger.service';
import {
  buildTimeline,
  isOpen,
  isStuckRow,
  toAlertView,
  toDeskView,
  toMovementViews,
} from './desk-view';
import { failRefusalOf, type ProviderAnswer } from './payout-fail-rule';
import * as desk from './withdrawal-desk.repository';
import type { DeskRow, PayoutEventRow } from './withdrawal-desk.repository';

export const WITHDRAWAL_NOT_FOUND = 'We could not find this withdrawal.';

/** The moment before which an unfinished payout counts as stuck. */
const stuckBeforeOf = (ctx: AppContext) =>
  new Date(ctx.clock.now().getTime() - STUCK_PAYOUT_MINUTES * 60_000);

const REFERENCE = /^wd_[0-9a-f]{32}$/;
/**
 * The start of a reference as an operator reads it off a phone or a bank's message: `wd_` and
 * at least 4 hex digits, or at least 6 hex digits alone (shorter would match half the desk).
 */
const REFERENCE_START = /^(?:wd_([0-9a-f]{4,31})|([0-9a-f]{6,31}))$/;
/** A name or e-mail shorter than this matches too many sellers to be a search. */
const SELLER_PREFIX_MIN = 2;

/** 32 hex digits as a uuid's text (8-4-4-4-12). */
const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The search box: a whole reference (or the id it came from) or account number, the start of
 * a reference, or the start of a seller's name or e-mail (it needed the whole thing).
 * A reference is `wd_` and its withdrawal's id in hex, so its start is a range of ids, read
 * from the primary key; names and e-mails read the users' prefix indexes, capped.
 */
function searchOf(q: string | undefined): desk.DeskSearch | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  if (REFERENCE.test(text)) return { reference: text };
  if (isUuid(text)) return { reference: `wd_${text.replaceAll('-', '')}` };
  if (/^\d{10}$/.test(text)) return { accountNumber: text };
  const start = REFERENCE_START.exec(text);
  const hex = start?.[1] ?? start?.[2];
  if (hex) {
    return {
      idRange: { from: asUuid(hex.padEnd(32, '0')), to: asUuid(hex.padEnd(32, 'f')) },
    };
  }
  if (text.length >= SELLER_PREFIX_MIN) return { sellerPrefix: text };
  return { nothing: true };
}

/** Every seller's withdrawals, newest first (the stuck ones longest-waiting first). */
export async function listDeskWithdrawals(ctx: AppContext, query: WithdrawalDeskQuery) {
  const stuckBefore = stuckBeforeOf(ctx);
  const { rows, total } = await desk.listDeskWithdrawals(ctx.db, {
    filter: { status: query.status, search: searchOf(query.q), stuckBefore },
    limit: query.size,
    offset: offsetOf(query),
  });
  const alerts = await desk.listAlertsOf(
    ctx.db,
    rows.map((row) => row.withdrawal.id),
  );
  const alerted = new Set(alerts.filter((a) => !a.resolvedAt).map((a) => a.withdrawalId));
  return {
    data: rows.map((row) =>
      toDeskView(row, { stuckBefore, hasOpenAlert: alerted.has(row.withdrawal.id) }),
    ),
    meta: pageMeta(query, total),
  };
}

/**
 * Whether the fail button is worth showing: the provider's last answer allows it (the server
 * asks again when it is pressed), or, never asked yet, the payout is stuck.
 */
function mayFailOn(withdrawal: DeskRow['withdrawal'], events: PayoutEventRow[], stuckBefore: Date) {
  if (!isOpen(withdrawal.status)) return false;
  const answers = events.filter((event) => event.status !== 'requested');
  const last = answers.at(-1)?.status as ProviderAnswer | undefined;
  if (!last) return isStuckRow(withdrawal, stuckBefore);
  const requested = events.some((event) => event.status === 'requested');
  return failRefusalOf(last, requested) === null;
}

/** One withdrawal with its seller, account, money movements and every step of its payout. */
export async function getDeskWithdrawal(
  ctx: AppContext,
  withdrawalId: string,
): Promise<DeskWithdrawalDetail> {
  const row = isUuid(withdrawalId) ? await desk.findDeskWithdrawal(ctx.db, withdrawalId) : null;
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_NOT_FOUND, { field: 'id' });
  const { withdrawal } = row;
  const keys = ['hold', 'settle', 'release', 'reversal'].map(
    (step) => `withdrawal:${withdrawal.id}:${step}`,
  );
  const [movements, events, webhooks, audit, alerts] = await Promise.all([
    listMovements(ctx.db, keys),
    desk.listPayoutEvents(ctx.db, withdrawal.reference),
    desk.listWebhooks(ctx.db, withdrawal.reference),
    desk.listAuditSteps(ctx.db, withdrawal.id),
    desk.listAlertsOf(ctx.db, [withdrawal.id]),
  ]);
  const stuckBefore = stuckBeforeOf(ctx);
  return {
    ...toDeskView(row, { stuckBefore, hasOpenAlert: alerts.some((a) => !a.resolvedAt) }),
    recipient_code: withdrawal.recipientCode,
    movements: toMovementViews(movements),
    events: buildTimeline({ row: withdrawal, events, webhooks, audit, alerts }),
    alerts: alerts.map((alert) => toAlertView(alert, withdrawal.reference)),
    can_fail: mayFailOn(withdrawal, events, stuckBefore),
  };
}

/** The overview's figures for payouts: stuck ones and open alerts, with the newest alerts. */
export async function getDeskSummary(ctx: AppContext) {
  const [stuckCount, alerts] = await Promise.all([
    desk.countStuck(ctx.db, stuckBeforeOf(ctx)),
    desk.listOpenAlerts(ctx.db, 10),
  ]);
  return {
    stuck_count: stuckCount,
    open_alert_count: alerts.total,
    open_alerts: alerts.rows.map((row) => toAlertView(row.alert, row.reference)),
  };
}
