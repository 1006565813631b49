import { TRADE_ANSWER_IMAGES_MAX, TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import { formatLagosDateTime } from '@karta/shared/dates';
import type { AppContext } from '../../app-context';
import { formatCardAmount } from '@karta/shared/card-money';
import { formatKoboForPeople } from '@karta/shared/money';
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

/**
 * Why the credit is below the value shown at submission: both values, that the seller's offer
 * was accepted (a lower value is only ever credited that way, decision 037), and the note.
 */
function lowerValueParagraphs(trade: TradeRow, finalKobo: bigint): string[] {
  const expected = formatKoboForPeople(trade.expectedKobo);
  const credited = formatKoboForPeople(finalKobo);
  return [
    `When you submitted it, the trade was worth ${expected} at the rate of the day. After checking your card we offered ${credited}, ${formatKoboForPeople(trade.expectedKobo - finalKobo)} less, and the offer was accepted.`,
    trade.reviewNote
      ? `The reviewer's note: "${trade.reviewNote}"`
      : 'The reviewer left no note. Reply to this e-mail and we will tell you why.',
  ];
}

export function mailTradeApproved(
  ctx: AppContext,
  options: {
    to: Recipient;
    trade: TradeRow;
    cardName: string;
    balanceKobo: bigint;
    /** Automatic withdrawal sent the credit on: where and how much (decision 038). */
    autoWithdrawalLine?: string | null;
  },
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
        `Your ${cardName} trade ${trade.reference} (${formatCardAmount(trade.amount, trade.currency)}) has been approved, and ${credited} has been added to your Karta wallet.`,
        // Less than the seller was shown when submitting: say by how much and why (decision 037).
        ...(finalKobo < trade.expectedKobo ? lowerValueParagraphs(trade, finalKobo) : []),
        ...(options.autoWithdrawalLine
          ? [
              options.autoWithdrawalLine,
              `Your wallet balance is now ${formatKoboForPeople(balanceKobo)}.`,
            ]
          : [
              `Your wallet balance is now ${formatKoboForPeople(balanceKobo)}. You can withdraw it to your bank account from the dashboard.`,
            ]),
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
        `We looked at your ${cardName} trade ${trade.reference} (${formatCardAmount(trade.amount, trade.currency)}) again and added ${added} to what we credited for it.`,
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
        `We could not accept your ${cardName} trade ${trade.reference} (${formatCardAmount(trade.amount, trade.currency)}).`,
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
        `Before we can finish reviewing your ${cardName} trade ${trade.reference} (${formatCardAmount(trade.amount, trade.currency)}), our team needs a little more from you:`,
        `“${options.question}”`,
        `Open the trade to answer in words and, if it helps, with up to ${String(TRADE_ANSWER_IMAGES_MAX)} more photos. We continue the review as soon as your answer arrives. Your rate and value stay as they were when you submitted.`,
      ],
      link: { label: 'Answer on the trade page', url: tradeLink(ctx, trade).url },
      supportEmail: ctx.config.supportEmail,
    }),
  );
}

/**
 * An approval below the expected value is an offer (decision 037): both values, the note, the
 * deadline, what happens with no answer, and where to answer. No money has moved yet.
 */
export function mailCounterOffer(
  ctx: AppContext,
  options: { to: Recipient; trade: TradeRow; cardName: string },
) {
  const { to, trade, cardName } = options;
  const offer = formatKoboForPeople(trade.offerKobo ?? 0n);
  const expected = formatKoboForPeople(trade.expectedKobo);
  const deadline = trade.offerExpiresAt
    ? formatLagosDateTime(trade.offerExpiresAt.toISOString())
    : '';
  return send(
    ctx,
    buildNoticeMail({
      to: to.email,
      firstName: to.firstName,
      subject: `Trade ${trade.reference}: we can offer ${offer}. Accept or decline?`,
      paragraphs: [
        `We checked your ${cardName} trade ${trade.reference} (${formatCardAmount(trade.amount, trade.currency)}). When you submitted it, it was worth ${expected}; we can pay ${offer}.`,
        trade.reviewNote
          ? `Why: "${trade.reviewNote}"`
          : 'The reviewer left no note. Reply to this e-mail and we will tell you why.',
        `Nothing has been paid yet and nothing will be without your yes. Open the trade and choose Accept (${offer} goes into your wallet at once) or Decline (the trade is closed and we keep nothing).`,
        `Please answer by ${deadline} (Lagos time). If you do not answer by then, the offer will be ${trade.ifNoAnswer === 'accept' ? 'accepted' : 'declined'}, as you chose when you submitted the trade.`,
      ],
      highlight: { label: 'Our offer', value: offer },
      link: { label: 'Answer on the trade page', url: tradeLink(ctx, trade).url },
      supportEmail: ctx.config.supportEmail,
    }),
  );
}

/** The offer was declined (by the seller, or by their choice for no answer): nothing moved. */
export function mailOfferDeclined(
  ctx: AppContext,
  options: {
    to: Recipient;
    trade: TradeRow;
    cardName: string;
    hasExpired: boolean;
    hasCardCode: boolean;
  },
) {
  const { to, trade, cardName } = options;
  const offer = formatKoboForPeople(trade.offerKobo ?? 0n);
  return send(
    ctx,
    buildNoticeMail({
      to: to.email,
      firstName: to.firstName,
      subject: `Trade ${trade.reference} is closed: the offer was declined`,
      paragraphs: [
        options.hasExpired
          ? `You did not answer our offer of ${offer} for your ${cardName} trade ${trade.reference} in time, so it was declined, as you chose when you submitted the trade.`
          : `You declined our offer of ${offer} for your ${cardName} trade ${trade.reference}. The trade is closed.`,
        options.hasCardCode
          ? 'Your card was not used by us: the e-code is still yours to sell or spend.'
          : 'We did not use your card, and nothing was added to or taken from your wallet.',
      ],
      link: tradeLink(ctx, trade),
      supportEmail: ctx.config.supportEmail,
    }),
  );
}
