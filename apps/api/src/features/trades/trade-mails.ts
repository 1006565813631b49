import { TRADE_ANSWER_IMAGES_MAX, TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import type { AppContext } from '../../app-context';
import { formatKoboForPeople, cardAmountText } from '@karta/shared/money';
import { buildNoticeMail } from '../mail/mail-layout';
import type { TradeRow } from './trades.repository';

interface Recipient {
  email: string;
  firstName: string;
}

/**
 * Sent after the decision is committed. A mail that cannot be sent is logged, never undoes the
 * decision: the money has moved, and the history page shows it either way.
 */
async function send(ctx: AppContext, mail: Parameters<AppContext['mailer']['send']>[0]) {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.error({ err, subject: mail.subject }, 'trade mail could not be sent');
  }
}

const tradeLink = (ctx: AppContext, trade: TradeRow) => ({
  label: 'See the trade',
  url: `${ctx.config.publicUrl}/dashboard/overview/recent-transactions/trade-history/${trade.id}`,
});

/** Why the credit is below the value shown at submission: both values and the reviewer's note. */
function lowerValueParagraphs(trade: TradeRow, finalKobo: bigint): string[] {
  const expected = formatKoboForPeople(trade.expectedKobo);
  const credited = formatKoboForPeople(finalKobo);
  return [
    `When you submitted it, the trade was worth ${expected} at the rate of the day. After checking your card, the reviewer credited ${credited}, ${formatKoboForPeople(trade.expectedKobo - finalKobo)} less.`,
    trade.reviewNote
      ? `The reviewer's note: "${trade.reviewNote}"`
      : 'The reviewer left no note. Reply to this e-mail and we will tell you why.',
  ];
}

export function mailTradeApproved(
  ctx: AppContext,
  options: { to: Recipient; trade: TradeRow; cardName: string; balanceKobo: bigint },
) {
  const { to, trade, cardName, balanceKobo } = options;
  const finalKobo = trade.finalKobo ?? 0n;
  const credited = formatKoboForPeople(finalKobo);
  return send(
    ctx,
    buildNoticeMail({
      to: to.email,
      firstName: to.firstName,
      subject: `Trade ${trade.reference} approved: ${credited} is in your wallet`,
      paragraphs: [
        `Your ${cardName} trade ${trade.reference} (${cardAmountText(trade.amount)} ${trade.currency}) has been approved, and ${credited} has been added to your Karta wallet.`,
        // Less than the seller was shown when submitting: say by how much and why (issue 15).
        ...(finalKobo < trade.expectedKobo ? lowerValueParagraphs(trade, finalKobo) : []),
        `Your wallet balance is now ${formatKoboForPeople(balanceKobo)}. You can withdraw it to your bank account from the dashboard.`,
      ],
      highlight: { label: 'Credited', value: credited },
      link: tradeLink(ctx, trade),
      supportEmail: ctx.config.supportEmail,
    }),
  );
}

/** An admin added to an approved trade's credit; the reason stays in the audit trail. */
export function mailTradeAdjusted(
  ctx: AppContext,
  options: {
    to: Recipient;
    trade: TradeRow;
    cardName: string;
    amountKobo: bigint;
    balanceKobo: bigint;
  },
) {
  const { to, trade, cardName } = options;
  const added = formatKoboForPeople(options.amountKobo);
  return send(
    ctx,
    buildNoticeMail({
      to: to.email,
      firstName: to.firstName,
      subject: `Trade ${trade.reference}: ${added} more is in your wallet`,
      paragraphs: [
        `We looked at your ${cardName} trade ${trade.reference} (${cardAmountText(trade.amount)} ${trade.currency}) again and added ${added} to what we credited for it.`,
        `Your wallet balance is now ${formatKoboForPeople(options.balanceKobo)}.`,
      ],
      highlight: { label: 'Added', value: added },
      link: tradeLink(ctx, trade),
      supportEmail: ctx.config.supportEmail,
    }),
  );
}

export function mailTradeRejected(
  ctx: AppContext,
  options: { to: Recipient; trade: TradeRow; cardName: string; hasProof?: boolean },
) {
  const { to, trade, cardName } = options;
  const reason = trade.rejectionReason ? TRADE_REJECTION_REASONS[trade.rejectionReason] : '';
  return send(
    ctx,
    buildNoticeMail({
      to: to.email,
      firstName: to.firstName,
      subject: `Trade ${trade.reference} was not accepted`,
      paragraphs: [
        `We could not accept your ${cardName} trade ${trade.reference} (${cardAmountText(trade.amount)} ${trade.currency}).`,
        `Reason: ${reason}`,
        ...(trade.reviewNote ? [`Note from our team: ${trade.reviewNote}`] : []),
        ...(options.hasProof
          ? ['The image our team took when checking the card is on the trade page.']
          : []),
        'Nothing was taken from your wallet. If you think this is a mistake, reply with the trade reference and we will look again.',
      ],
      link: tradeLink(ctx, trade),
      supportEmail: ctx.config.supportEmail,
    }),
  );
}

export function mailReferralRewarded(
  ctx: AppContext,
  options: { to: Recipient; friendName: string; rewardKobo: bigint; balanceKobo: bigint },
) {
  const reward = formatKoboForPeople(options.rewardKobo);
  return send(
    ctx,
    buildNoticeMail({
      to: options.to.email,
      firstName: options.to.firstName,
      subject: `You earned ${reward}: ${options.friendName} made their first trade`,
      paragraphs: [
        `${options.friendName} registered with your referral code and their first trade has been approved. ${reward} has been added to your Karta wallet.`,
        `Your wallet balance is now ${formatKoboForPeople(options.balanceKobo)}.`,
      ],
      highlight: { label: 'Referral reward', value: reward },
      link: { label: 'Open your dashboard', url: `${ctx.config.publicUrl}/dashboard` },
      supportEmail: ctx.config.supportEmail,
    }),
  );
}

/** An operator asked about the trade: the question, and where to answer it. */
export function mailTradeInfoRequested(
  ctx: AppContext,
  options: { to: Recipient; trade: TradeRow; cardName: string; question: string },
) {
  const { to, trade, cardName } = options;
  return send(
    ctx,
    buildNoticeMail({
      to: to.email,
      firstName: to.firstName,
      subject: `Trade ${trade.reference}: we have a question for you`,
      paragraphs: [
        `Before we can finish reviewing your ${cardName} trade ${trade.reference} (${cardAmountText(trade.amount)} ${trade.currency}), our team needs a little more from you:`,
        `“${options.question}”`,
        `Open the trade to answer in words and, if it helps, with up to ${String(TRADE_ANSWER_IMAGES_MAX)} more photos. We continue the review as soon as your answer arrives. Your rate and value stay as they were when you submitted.`,
      ],
      link: { label: 'Answer on the trade page', url: tradeLink(ctx, trade).url },
      supportEmail: ctx.config.supportEmail,
    }),
  );
}
