import { eq, sql } from 'drizzle-orm';
import { QUEUES } from '../../adapters/jobs/jobs';
import type { PayoutEvent } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { payoutWebhooks } from '../../db/schema/payouts';
import { askProvider } from './payout-answers';
import { applyTransferOutcome } from './payout.service';
import * as withdrawals from './withdrawals.repository';

/**
 * Keeps a verified webhook once (event + reference + status) and queues its handling; the
 * caller answers 200 straight away. Copies of the same news change nothing.
 */
export async function receivePayoutWebhook(
  ctx: AppContext,
  options: { event: PayoutEvent; payload: unknown },
): Promise<void> {
  const { event } = options;
  await ctx.db.transaction(async (tx) => {
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
  });
}

/**
 * A webhook's news is a hint, never the truth: the transfer is asked about again by reference
 * and the provider's answer is applied (the same path the worker takes).
 */
export async function handleStoredWebhook(ctx: AppContext, webhookId: string): Promise<void> {
  const [webhook] = await ctx.db
    .select()
    .from(payoutWebhooks)
    .where(eq(payoutWebhooks.id, webhookId));
  if (!webhook || webhook.processedAt) return;
  const withdrawal = await withdrawals.findByReference(ctx.db, webhook.reference);
  if (withdrawal) {
    const transfer = await askProvider(ctx, webhook.reference, 'webhook');
    if (transfer) await applyTransferOutcome(ctx, withdrawal.id, transfer);
  } else {
    ctx.log.warn({ reference: webhook.reference }, 'webhook for an unknown reference');
  }
  await ctx.db
    .update(payoutWebhooks)
    .set({ processedAt: sql`now()` })
    .where(eq(payoutWebhooks.id, webhookId));
}
