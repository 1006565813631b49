import { getLagosDate } from '@karta/shared/dates';
import { koboToNaira } from '@karta/shared/money';
import type { WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { WITHDRAWAL_MIN_KOBO } from '@karta/shared/withdrawal-rules';
import type { AppContext } from '../../app-context';
import { startOfLagosDay } from '../../lib/lagos-time';
import * as withdrawals from './withdrawals.repository';

/** Fee, limits and what is left of today's limit, for the withdraw screen. */
export async function getWithdrawalTerms(
  ctx: AppContext,
  userId: string,
): Promise<WithdrawalTerms> {
  const { feeKobo, maxKobo, dailyLimitKobo } = ctx.config.withdrawals;
  const today = startOfLagosDay(getLagosDate(ctx.clock.now()));
  const used = await withdrawals.sumWithdrawnSince(ctx.db, userId, today);
  const remaining = dailyLimitKobo > used ? dailyLimitKobo - used : 0n;
  return {
    fee: koboToNaira(feeKobo),
    min_amount: koboToNaira(WITHDRAWAL_MIN_KOBO),
    max_amount: koboToNaira(maxKobo),
    daily_limit: koboToNaira(dailyLimitKobo),
    daily_remaining: koboToNaira(remaining),
  };
}
