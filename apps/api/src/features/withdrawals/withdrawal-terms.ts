import { koboToNaira } from '@karta/shared/money';
import type { WithdrawalTerms } from '@karta/shared/schemas/withdrawals';
import { WITHDRAWAL_MIN_KOBO } from '@karta/shared/withdrawal-rules';
import type { AppContext } from '../../app-context';
import { readKycState, toTierLimits } from '../../lib/kyc-state';
import type { UserRow } from '../../lib/users';

/**
 * Fee, limits and what is left of today's limit, for the withdraw screen: the platform's
 * limits, the seller's tier and its room today (decision 063), and every tier's limits so the
 * form says what raises them in the API's own words.
 */
export async function getWithdrawalTerms(ctx: AppContext, user: UserRow): Promise<WithdrawalTerms> {
  const { feeKobo, maxKobo, dailyLimitKobo } = ctx.config.withdrawals;
  const kyc = await readKycState(ctx.db, { user, limits: ctx.config, now: ctx.clock.now() });
  return {
    fee: koboToNaira(feeKobo),
    min_amount: koboToNaira(WITHDRAWAL_MIN_KOBO),
    max_amount: koboToNaira(maxKobo),
    daily_limit: koboToNaira(dailyLimitKobo),
    daily_remaining: kyc.limits.remaining_today,
    kyc,
    tiers: toTierLimits(ctx.config.kycTiers),
  };
}
