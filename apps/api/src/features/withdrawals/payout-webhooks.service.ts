import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { QUEUES } from '../../adapters/jobs/jobs';
import type { PayoutEvent, TransferStatus } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { payoutWebhooks } from '../../db/schema/payouts';
import { isOpen } from './desk-view';
import { askProvider } from './payout-answers';
import { applyTransferOutcome } from './payout.service';
import { hasAlert } from './withdrawal-desk.repository';
import * as withdrawals from './withdrawals.repository';

/**
 * Whether our withdrawal already shows what a webhook reports, so a copy of it is no news: a
 * final state cannot move back, a reversal is booked once, and a payment after a refund raises
 * its alert once.
 */
async function alreadyShows(
  ctx: AppContext,
  withdrawal: withdrawals.WithdrawalRow,
  status: TransferStatus,
): Promise<boolean> {
  if (isOpen(withdrawal.status)) return false;
  if (status === 'reversed') return withdrawal.status === 'failed' || !!withdrawal.reversedAt;
  if (status === 'succeeded' && withdrawal.status === 'failed') {
    return hasAlert(ctx.db, withdrawal.id, 'paid_after_refund');
  }
  return true;
}

/**
 * Keeps a verified webhook once (event + reference + status) and queues its check; the caller
 * answers 200 straight away. A copy is de-duplicated on what it could change, not on its
 * arrival (decision 052): while our withdrawal does not show its news yet (a copy that came
 * before the provider's state changed found it pending), the copy queues the check again,
 * at most one waiting per webhook; once the withdrawal shows it, copies change nothing.
 */
export async function receivePayoutWebhook(
  ctx: AppContext,
  options: { event: PayoutEvent; payload: unknown },
): Promise<void> {
  const { event } = options;
  const isFirst = await ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(payoutWebhooks)
      .values({
        provider: ctx.payouts.name,
        event: event.event,
        reference: event.reference,
        status: event.status,
        payload: options.payload ?? {},
        receivedAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: payoutWebhooks.id });
    if (stored) await ctx.jobs.send(QUEUES.webhook, { webhookId: stored.id }, { tx });
    return !!stored;
  });
  if (isFirst) return;

  const withdrawal = await withdrawals.findByReference(ctx.db, event.reference);
  if (!withdrawal || (await alreadyShows(ctx, withdrawal, event.status))) return;
  await ctx.db.transaction(async (tx) => {
    // Only a checked copy is opened again: one whose check is still owed has its job queued.
    const [reopened] = await tx
      .update(payoutWebhooks)
      .set({ processedAt: null })
      .where(
        and(
          eq(payoutWebhooks.provider, ctx.payouts.name),
          eq(payoutWebhooks.event, event.event),
          eq(payoutWebhooks.reference, event.reference),
          eq(payoutWebhooks.status, event.status),
          isNotNull(payoutWebhooks.processedAt),
        ),
      )
      .returning({ id: payoutWebhooks.id });
    if (reopened) await ctx.jobs.send(QUEUES.webhook, { webhookId: reopened.id }, { tx });
  });
}

/**
 * A webhook's news is a hint, never the truth: the transfer is asked about again by reference
 * and the provider's answer is applied (the same path the worker takes). The check is claimed
 * first (processed_at set), so a copy arriving while it runs opens it again for a later check
 * instead of being lost; if the provider does not answer, the claim is given back and the job
 * is retried.
 */
export async function handleStoredWebhook(ctx: AppContext, webhookId: string): Promise<void> {
  const [webhook] = await ctx.db
    .update(payoutWebhooks)
    .set({ processedAt: sql`now()` })
    .where(and(eq(payoutWebhooks.id, webhookId), isNull(payoutWebhooks.processedAt)))
    .returning();
  if (!webhook) return;
  try {
    const withdrawal = await withdrawals.findByReference(ctx.db, webhook.reference);
    if (withdrawal) {
      const transfer = await askProvider(ctx, webhook.reference, 'webhook');
      if (transfer) await applyTransferOutcome(ctx, withdrawal.id, transfer);
    } else {
      ctx.log.warn({ reference: webhook.reference }, 'webhook for an unknown reference');
    }
  } catch (error) {
    await ctx.db
      .update(payoutWebhooks)
      .set({ processedAt: null })
      .where(eq(payoutWebhooks.id, webhookId));
    throw error;
  }
}
