import type { KycRejectionReason } from '@karta/shared/schemas/kyc-documents';
import { KYC_REJECTION_REASON_WORDS } from '@karta/shared/schemas/kyc-documents';
import { formatLimit, type TierLadder } from '@karta/shared/kyc-tiers';
import { kycDocumentsHref } from '@karta/shared/web-paths';
import type { AppContext } from '../../app-context';
import { maskEmail } from '../../lib/mask-email';
import { buildNoticeMail } from '../mail/mail-layout';

export const APPROVED_TITLE = 'Your documents are approved';
/** Tier 3's daily limit as this server is configured (KYC_TIER3_DAILY_LIMIT, decision 063). */
export const approvedWords = (ladder: TierLadder) =>
  `You are now tier 3: ${formatLimit(ladder[3].dailyKobo)} a day.`;

export const REJECTED_TITLE = 'Your documents need another look';
export const rejectedWords = (reason: KycRejectionReason, note: string | null) =>
  [
    `We could not approve your documents. ${KYC_REJECTION_REASON_WORDS[reason]}`,
    ...(note ? [`Our note: ${note}`] : []),
    'Send again from Settings › Verification › Documents.',
  ].join(' ');

/**
 * Tells the seller what the desk decided. After the decision's transaction: the notice in the
 * bell, written with it, already tells; a mail server that is away does not undo a decision.
 */
export async function mailKycDecision(
  ctx: AppContext,
  options: {
    to: string;
    firstName: string;
    decision:
      { approved: true } | { approved: false; reason: KycRejectionReason; note: string | null };
  },
) {
  const { decision } = options;
  const message = decision.approved
    ? buildNoticeMail({
        to: options.to,
        firstName: options.firstName,
        subject: APPROVED_TITLE,
        paragraphs: [approvedWords(ctx.config.kycTiers)],
        supportEmail: ctx.config.supportEmail,
      })
    : buildNoticeMail({
        to: options.to,
        firstName: options.firstName,
        subject: REJECTED_TITLE,
        paragraphs: [rejectedWords(decision.reason, decision.note)],
        link: { label: 'Send again', url: `${ctx.config.publicUrl}${kycDocumentsHref()}` },
        supportEmail: ctx.config.supportEmail,
      });
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err, mailTo: maskEmail(options.to) }, 'kyc decision mail could not be sent');
  }
}
