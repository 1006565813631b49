import type {
  DeskEvent,
  DeskWithdrawal,
  DeskWithdrawalDetail,
  PayoutAlert,
} from '@karta/shared/schemas/withdrawal-desk';
import { koboToNaira } from '@karta/shared/money';
import type { listMovements } from '../ledger/ledger.service';
import type { DeskRow, PayoutAlertRow, PayoutEventRow } from './withdrawal-desk.repository';
import { toWithdrawalView } from './withdrawal-view';

export const isOpen = (status: string) => status === 'pending' || status === 'processing';

/** Unfinished since before `stuckBefore`. */
export const isStuckRow = (row: DeskRow['withdrawal'], stuckBefore: Date) =>
  isOpen(row.status) && (row.processingAt ?? row.createdAt) < stuckBefore;

export function toDeskView(
  row: DeskRow,
  options: { stuckBefore: Date; hasOpenAlert: boolean },
): DeskWithdrawal {
  const { withdrawal } = row;
  return {
    ...toWithdrawalView(withdrawal),
    user: {
      id: withdrawal.userId,
      first_name: row.userFirstName,
      last_name: row.userLastName,
      email: row.userEmail,
    },
    provider: withdrawal.provider,
    provider_reason: withdrawal.providerReason,
    processing_at: withdrawal.processingAt?.toISOString() ?? null,
    attempts: withdrawal.attempts,
    is_stuck: isStuckRow(withdrawal, options.stuckBefore),
    has_open_alert: options.hasOpenAlert,
  };
}

export const toAlertView = (alert: PayoutAlertRow, reference: string): PayoutAlert => ({
  id: alert.id,
  withdrawal_id: alert.withdrawalId,
  transaction_id: reference,
  kind: alert.kind,
  detail: alert.detail,
  created_at: alert.createdAt.toISOString(),
  resolved_at: alert.resolvedAt?.toISOString() ?? null,
});

const PROVIDER_WORDS: Record<string, string> = {
  pending: 'Provider: transfer pending',
  succeeded: 'Provider: transfer paid',
  failed: 'Provider: transfer failed',
  reversed: 'Provider: transfer reversed',
  not_found: 'Provider: no such transfer yet',
  requested: 'Transfer sent to the provider',
  unavailable: 'Provider did not answer',
};
const ASKED_BY: Record<string, string> = {
  worker: 'asked by the payout worker',
  webhook: 'asked after a webhook',
  recheck: 'asked by an operator’s re-check',
};

/** How each audited step reads on the timeline; a re-check is the default. */
const OPERATOR_STEP_WORDS: Record<string, string> = {
  'withdrawal.fail': 'Failed and refunded',
  'withdrawal.recheck': 'Re-checked',
  'payout_alert.resolve': 'Alert resolved',
};

export interface AuditStep {
  action: string;
  actorName: string;
  after: unknown;
  createdAt: Date;
}

/** Every step of the payout, oldest first: its own states, answers, webhooks, people, alerts. */
export function buildTimeline(parts: {
  row: DeskRow['withdrawal'];
  events: PayoutEventRow[];
  webhooks: { event: string; status: string; receivedAt: Date; processedAt: Date | null }[];
  audit: AuditStep[];
  alerts: PayoutAlertRow[];
}): DeskEvent[] {
  const events: { time: number; event: DeskEvent }[] = [];
  const add = (at: Date, event: Omit<DeskEvent, 'at'>) => {
    events.push({ time: at.getTime(), event: { ...event, at: at.toISOString() } });
  };
  for (const step of toWithdrawalView(parts.row).timeline) {
    const words = { requested: 'Requested by the seller', processing: 'Payout started' };
    add(new Date(step.at), {
      source: 'withdrawal',
      title:
        step.status in words
          ? words[step.status as keyof typeof words]
          : `Withdrawal ${step.status}`,
      detail:
        step.status === 'failed' ? (parts.row.providerReason ?? parts.row.failureReason) : null,
    });
  }
  for (const answer of parts.events) {
    add(answer.createdAt, {
      source: 'provider',
      title: PROVIDER_WORDS[answer.status] ?? `Provider: ${answer.status}`,
      detail: [ASKED_BY[answer.source] ?? answer.source, answer.detail].filter(Boolean).join('. '),
    });
  }
  for (const hook of parts.webhooks) {
    add(hook.receivedAt, {
      source: 'webhook',
      title: `Webhook received: ${hook.event}`,
      detail: hook.processedAt ? 'Checked with the provider' : 'Waiting to be checked',
    });
  }
  for (const step of parts.audit) {
    const after = (step.after ?? {}) as Record<string, unknown>;
    add(step.createdAt, {
      source: 'operator',
      title: `${OPERATOR_STEP_WORDS[step.action] ?? 'Re-checked'} by ${step.actorName}`,
      detail:
        typeof after.reason === 'string'
          ? after.reason
          : typeof after.note === 'string'
            ? after.note
            : typeof after.provider_status === 'string'
              ? `The provider said: ${after.provider_status}`
              : null,
    });
  }
  for (const alert of parts.alerts) {
    add(alert.createdAt, {
      source: 'alert',
      title: 'Alert: paid after refund',
      detail: alert.detail,
    });
  }
  // Stable: equal moments keep the order above (the withdrawal's own step first).
  return events.sort((a, b) => a.time - b.time).map(({ event }) => event);
}

export const toMovementViews = (
  movements: Awaited<ReturnType<typeof listMovements>>,
): DeskWithdrawalDetail['movements'] =>
  movements.map((movement) => ({
    id: movement.id,
    kind: movement.kind,
    description: movement.description,
    created_at: movement.createdAt.toISOString(),
    postings: movement.postings.map((posting) => ({
      account: posting.account,
      amount: koboToNaira(posting.amount),
    })),
  }));
