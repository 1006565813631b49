import { ProviderUnavailableError, type Transfer } from '../../adapters/payouts/payouts';
import type { AppContext } from '../../app-context';
import { insertPayoutEvent } from './withdrawal-desk.repository';

/** Who asked the provider: the payout worker, the check behind a webhook, or an operator. */
export type AnswerSource = 'worker' | 'webhook' | 'recheck';

/**
 * Keeps what the provider said about a reference (a transfer, "never saw it", or no answer) for
 * the money desk's timeline. It only describes: a failure to write it is logged, never thrown,
 * so it cannot stop a payout.
 */
export async function recordProviderAnswer(
  ctx: AppContext,
  options: { reference: string; source: AnswerSource; answer: Transfer | null | 'unavailable' },
): Promise<void> {
  const { answer } = options;
  try {
    await insertPayoutEvent(ctx.db, {
      reference: options.reference,
      source: options.source,
      status: answer === null ? 'not_found' : answer === 'unavailable' ? answer : answer.status,
      detail: answer && answer !== 'unavailable' ? answer.reason : null,
      at: ctx.clock.now(),
    });
  } catch (err) {
    ctx.log.error({ err, reference: options.reference }, 'provider answer not recorded');
  }
}

/** Asks the provider about a reference and keeps its answer (or its silence) for the desk. */
export async function askProvider(
  ctx: AppContext,
  reference: string,
  source: AnswerSource,
): Promise<Transfer | null> {
  try {
    const transfer = await ctx.payouts.getTransfer(reference);
    await recordProviderAnswer(ctx, { reference, source, answer: transfer });
    return transfer;
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      await recordProviderAnswer(ctx, { reference, source, answer: 'unavailable' });
    }
    throw error;
  }
}
