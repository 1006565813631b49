import { cardValueKobo, NAIRA_TEXT } from '@karta/shared/money';
import { toKobo } from './format-money';

/**
 * A card amount as the seller types it (decision 043: "50.50" once became 5050): digits, then one
 * point and at most two decimals, kept as typed. Anything else is refused whole, and said so,
 * never silently stripped into another number.
 */
const CARD_AMOUNT_TYPING = /^\d{0,9}(?:\.\d{0,2})?$/;

export const CARD_AMOUNT_REFUSED =
  'Type digits, with a point for cents: at most 2 decimals, e.g. 50.50';

/** The field's next text, or null when the keystroke (or paste) is refused and the text stays. */
export const nextCardAmountText = (typed: string): string | null =>
  CARD_AMOUNT_TYPING.test(typed) ? typed : null;

/** The amount the text means ("50.50" → 50.5, "50." → 50), or null while there is none. */
export function cardAmountOf(text: string): number | null {
  const trimmed = text.trim();
  const plain = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  return NAIRA_TEXT.test(plain) ? Number(plain) : null;
}

/**
 * Kobo a card amount is worth at a rate: the API's own integer rule (packages/shared
 * cardValueKobo), so the calculators show what the trade will record, to the kobo.
 */
export const cardValueKoboOf = (rate: number, amount: number | null): number =>
  amount === null ? 0 : Number(cardValueKobo(BigInt(toKobo(rate)), amount));
