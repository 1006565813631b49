import { z } from 'zod';
import {
  IF_NO_ANSWER_CHOICES,
  TRADE_COMMENT_MAX_LENGTH,
  TRADE_IMAGES_MAX,
  TRADE_IMAGES_MIN,
} from '@karta/shared/constants';
import { TRADE_MESSAGES } from '@karta/shared/schemas/trades';
import type { Subcategory } from '../../lib/catalog-api';
import { cardAmountOf } from '../../lib/card-amount';
import type { PickedPhoto } from '../../components/photos/photo-picker';
import { formatCardAmount } from '../../lib/format-money';

/** A card photo chosen in the form (components/photos). */
export type TradePhoto = PickedPhoto;

const CHOOSE_GIFT_CARD = 'Choose a gift card';
const TOO_MANY_PHOTOS = `Add at most ${String(TRADE_IMAGES_MAX)} photos`;

/** "Enter an amount between $100 and $2,000": the same words as the rate calculator. */
const amountRangeMessage = ({ min_amount, max_amount, currency }: Subcategory) =>
  `Enter an amount between ${formatCardAmount(min_amount, currency)} and ${formatCardAmount(max_amount, currency)}`;

/**
 * The trade screen's form. The text rules and messages are the API's (packages/shared); the
 * amount's range comes from the chosen subcategory, so it is checked here against it.
 */
export const TradeFormSchema = z
  .object({
    giftCard: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .refine(Boolean, CHOOSE_GIFT_CARD),
    subcategory: z
      .custom<Subcategory>()
      .nullable()
      .refine(Boolean, TRADE_MESSAGES.SUBCATEGORY_REQUIRED),
    amount: z
      .string()
      .trim()
      .min(1, TRADE_MESSAGES.AMOUNT_REQUIRED)
      .refine((text) => cardAmountOf(text) !== null, TRADE_MESSAGES.AMOUNT_DECIMALS),
    comment: z.string().max(TRADE_COMMENT_MAX_LENGTH, TRADE_MESSAGES.COMMENT_TOO_LONG),
    photos: z
      .array(z.custom<TradePhoto>())
      .min(TRADE_IMAGES_MIN, TRADE_MESSAGES.IMAGES_REQUIRED)
      .max(TRADE_IMAGES_MAX, TOO_MANY_PHOTOS),
    /** What an unanswered lower offer becomes (decision 037). */
    ifNoAnswer: z.enum(IF_NO_ANSWER_CHOICES),
  })
  .superRefine(({ subcategory, amount }, ctx) => {
    const value = cardAmountOf(amount);
    if (!subcategory || value === null) return;
    if (value < subcategory.min_amount || value > subcategory.max_amount) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: amountRangeMessage(subcategory) });
    }
  });

export type TradeFormValues = z.input<typeof TradeFormSchema>;

export const EMPTY_TRADE_FORM: TradeFormValues = {
  giftCard: null,
  subcategory: null,
  amount: '',
  comment: '',
  photos: [],
  ifNoAnswer: 'decline',
};
