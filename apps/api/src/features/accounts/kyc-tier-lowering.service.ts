import { formatLimit, tierLimitsOf, type KycTier } from '@karta/shared/kyc-tiers';
import { verificationHref } from '@karta/shared/web-paths';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/audit-log';
import { maskEmail } from '../../lib/mask-email';
import { buildNoticeMail } from '../mail/mail-layout';
import { recordNotice } from '../notices/notices.service';
import { setKycTier } from './kyc-tier.service';
import { loadTargetForStaff } from './staff-rules';

const TITLE = 'Your verification tier was lowered';

/** What the seller is told: the new tier and its limit, never the admin's reason (audited). */
function loweredWords(ctx: AppContext, tier: KycTier): string {
  const limit = tierLimitsOf(ctx.config.kycTiers, tier).dailyKobo;
  const room =
    tier === 0
      ? 'You cannot withdraw until your BVN is verified again.'
      : `You can now withdraw up to ${formatLimit(limit)} a day.`;
  return `After a review of your account, Karta lowered your verification to tier ${String(tier)}. ${room} Contact us if you have questions.`;
}

/**
 * An admin lowers a seller's KYC tier with a reason (decision 063), after a review: the tier
 * through setKycTier (audited with the reason as its note), the notice in the same transaction,
 * then the mail. Sellers only, never one's own account; a tier not below today's is refused.
 */
export async function lowerKycTier(
  ctx: AppContext,
  options: { actor: Actor; userId: string; tier: KycTier; reason: string },
) {
  const { tier } = options;
  const now = ctx.clock.now();
  const seller = await ctx.db.transaction(async (tx) => {
    const found = await loadTargetForStaff(tx, options);
    if (found.role !== 'user') {
      throw new AppError('BAD_REQUEST', 'Staff accounts have no KYC tier to lower.');
    }
    if (tier >= found.kycTier) {
      throw new AppError(
        'BAD_REQUEST',
        `This seller is at tier ${String(found.kycTier)}: choose a lower tier.`,
        { field: 'tier' },
      );
    }
    const updated = await setKycTier(tx, {
      userId: found.id,
      tier,
      reason: 'lowered_by_admin',
      actor: options.actor,
      note: options.reason,
    });
    await recordNotice(tx, {
      userId: found.id,
      kind: 'kyc_tier_lowered',
      title: TITLE,
      body: loweredWords(ctx, tier),
      link: verificationHref(),
      at: now,
    });
    return updated;
  });
  try {
    await ctx.mailer.send(
      buildNoticeMail({
        to: seller.email,
        firstName: seller.firstName,
        subject: TITLE,
        paragraphs: [loweredWords(ctx, tier)],
        link: {
          label: 'See your verification',
          url: `${ctx.config.publicUrl}${verificationHref()}`,
        },
        supportEmail: ctx.config.supportEmail,
      }),
    );
  } catch (err) {
    // The tier is lowered and the bell says so; a mail server away does not undo it.
    ctx.log.error({ err, mailTo: maskEmail(seller.email) }, 'tier-lowered mail could not be sent');
  }
}
