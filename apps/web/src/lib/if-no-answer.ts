import { COUNTER_OFFER_HOURS, type IfNoAnswer } from '@karta/shared/constants';

/**
 * What an unanswered counter-offer becomes, in the seller's words (decision 037): chosen on the
 * trade form, repeated on the summary, the trade page and the offer itself.
 */
export const IF_NO_ANSWER_WORDS: Record<IfNoAnswer, string> = {
  decline: `Decline it if I do not answer within ${String(COUNTER_OFFER_HOURS)} hours`,
  accept: `Accept it if I do not answer within ${String(COUNTER_OFFER_HOURS)} hours`,
};

/** The same choice, said of an offer already made ("…the offer is declined"). */
export const ifNoAnswerOutcome = (choice: IfNoAnswer) =>
  choice === 'accept'
    ? 'we accept it for you and credit the offer'
    : 'we decline it for you and nothing is paid';
