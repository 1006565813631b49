import type { FourEyesReason } from './constants';

/**
 * The words of the four-eyes rule (decision 049), for the API's answers and the console alike.
 * Amounts come in already written for people ("₦500,000.00"): the server formats them.
 */
export const FOUR_EYES_MESSAGES = {
  /** The second person made the first staff, or the first made the second. */
  related: (name: string) =>
    `${name} and you cannot be each other's second pair of eyes: one of you made the other staff. Ask another colleague to confirm it.`,
  INVITATION_UNCONFIRMED:
    'A second admin has not confirmed your invitation yet, so you cannot be anyone’s second pair of eyes. Ask an admin other than the one who invited you to confirm it on the staff desk.',
  SAME_ADJUSTER: 'You made this adjustment, so another admin has to confirm it.',
  SAME_RATE_REQUESTER: 'You asked for this rate, so another staff member has to confirm it.',
} as const;

/** Why a credit waits, in words an operator reads on the trade (decision 049). */
export function fourEyesReasonText(reason: FourEyesReason, threshold: string): string {
  switch (reason) {
    case 'large_credit':
      return `Credits of ${threshold} or more need a second approval.`;
    case 'daily_total':
      return `With this credit, one person would put ${threshold} or more into this seller’s wallet in one day.`;
    case 'trade_total':
      return `With this credit, one person would have credited ${threshold} or more on this trade.`;
  }
}
