import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import { formatCardAmount } from '@karta/shared/card-money';
import { formatKoboForPeople } from '@karta/shared/money';
import { overviewHref, tradeHref } from '@karta/shared/web-paths';
import type { Executor } from '../../db/client';
import { recordNotice } from '../notices/notices.service';
import { findCardName, type TradeRow } from './trades.repository';

/**
 * The bell's words for a trade's news (decision 040), written in the transaction of the change
 * they tell of: what happened, the amount, what happens next, and a link to the trade. The
 * card's name is read in the same transaction, so the words are those of the moment.
 */

const whatWasSold = (trade: TradeRow, cardName: string) =>
  `${cardName} trade ${trade.reference} (${formatCardAmount(trade.amount, trade.currency)})`;

export async function noticeTradeApproved(tx: Executor, trade: TradeRow, at: Date) {
  const cardName = await findCardName(tx, trade.giftCardId);
  const finalKobo = trade.finalKobo ?? 0n;
  const credited = formatKoboForPeople(finalKobo);
  const lower =
    finalKobo < trade.expectedKobo
      ? ` That is ${formatKoboForPeople(trade.expectedKobo - finalKobo)} less than the ${formatKoboForPeople(trade.expectedKobo)} shown when you submitted it; the reviewer's note is on the trade.`
      : '';
  await recordNotice(tx, {
    userId: trade.userId,
    kind: 'trade_approved',
    title: `Trade approved: ${credited} credited`,
    body: `Your ${whatWasSold(trade, cardName)} was approved and ${credited} was added to your wallet.${lower}`,
    link: tradeHref(trade.id),
    at,
  });
}

export async function noticeReferralEarned(
  tx: Executor,
  options: { referrerId: string; friendName: string; rewardKobo: bigint; at: Date },
) {
  const reward = formatKoboForPeople(options.rewardKobo);
  await recordNotice(tx, {
    userId: options.referrerId,
    kind: 'referral_earned',
    title: `Referral reward: ${reward} credited`,
    body: `${options.friendName} joined with your referral code and their first trade was approved. ${reward} was added to your wallet.`,
    link: overviewHref(),
    at: options.at,
  });
}

export async function noticeTradeRejected(tx: Executor, trade: TradeRow, at: Date) {
  const cardName = await findCardName(tx, trade.giftCardId);
  const reason = trade.rejectionReason ? ` ${TRADE_REJECTION_REASONS[trade.rejectionReason]}` : '';
  const note = trade.reviewNote ? ` Note from our team: ${trade.reviewNote}` : '';
  await recordNotice(tx, {
    userId: trade.userId,
    kind: 'trade_rejected',
    title: `Trade ${trade.reference} not accepted`,
    body: `We could not accept your ${whatWasSold(trade, cardName)}.${reason}${note} Nothing was taken from your wallet.`,
    link: tradeHref(trade.id),
    at,
  });
}

export async function noticeInfoRequested(
  tx: Executor,
  trade: TradeRow,
  options: { question: string; at: Date },
) {
  const cardName = await findCardName(tx, trade.giftCardId);
  await recordNotice(tx, {
    userId: trade.userId,
    kind: 'info_requested',
    title: `Trade ${trade.reference}: we have a question`,
    body: `Before we finish reviewing your ${whatWasSold(trade, cardName)}, we ask: “${options.question}” Answer on the trade page; your rate and value stay as they were.`,
    link: tradeHref(trade.id),
    at: options.at,
  });
}
