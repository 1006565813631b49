import { z } from 'zod';
import {
  IF_NO_ANSWER_CHOICES,
  TRADE_ANSWER_IMAGES_MAX,
  TRADE_MESSAGE_MAX_LENGTH,
} from '../constants';

/**
 * The steps of a trade between submission and the end that need words of their own: an
 * operator's question and the seller's answer, and the four eyes on a large approval.
 */

export const TRADE_STEP_MESSAGES = {
  QUESTION_REQUIRED: 'Write the question for the seller',
  QUESTION_TOO_LONG: `The question can be at most ${String(TRADE_MESSAGE_MAX_LENGTH)} characters`,
  ANSWER_REQUIRED: 'Write your answer',
  ANSWER_TOO_LONG: `Your answer can be at most ${String(TRADE_MESSAGE_MAX_LENGTH)} characters`,
  RETURN_REASON_REQUIRED: 'Say why the approval is sent back',
  RETURN_REASON_TOO_LONG: `The reason can be at most ${String(TRADE_MESSAGE_MAX_LENGTH)} characters`,
  TOO_MANY_ANSWER_PHOTOS: `Add at most ${String(TRADE_ANSWER_IMAGES_MAX)} photos to an answer.`,
  tooManyTradePhotos: (room: number) =>
    room === 0
      ? 'This trade already has all the photos it can hold. Answer in words, or start a new trade.'
      : `This trade can take ${String(room)} more ${room === 1 ? 'photo' : 'photos'}. Remove some and try again.`,
  NOT_ASKED: 'We have not asked anything about this trade, so there is nothing to answer.',
  SAME_APPROVER: 'You approved this trade, so another operator has to confirm it.',
  NO_OFFER: 'There is no offer on this trade to answer.',
  ACCEPT_REQUIRED: 'accept must be true or false',
} as const;

const text = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(TRADE_MESSAGE_MAX_LENGTH, tooLong);

/** `POST /admin/trades/{id}/request_info`: what the seller is asked. */
export const RequestInfoInputSchema = z.object({
  message: text(TRADE_STEP_MESSAGES.QUESTION_REQUIRED, TRADE_STEP_MESSAGES.QUESTION_TOO_LONG),
});
export type RequestInfoInput = z.infer<typeof RequestInfoInputSchema>;

/** `POST /admin/trades/{id}/return_approval`: why the first approval goes back to the queue. */
export const ReturnApprovalInputSchema = z.object({
  reason: text(
    TRADE_STEP_MESSAGES.RETURN_REASON_REQUIRED,
    TRADE_STEP_MESSAGES.RETURN_REASON_TOO_LONG,
  ),
});
export type ReturnApprovalInput = z.infer<typeof ReturnApprovalInputSchema>;

/** The text fields of `POST /trade/respond_trade/{user_id}` (multipart; photos as `images`). */
export const RespondTradeFieldsSchema = z.object({
  trade_id: z.string({ error: 'trade_id is required' }).trim().min(1).max(64),
  comment: text(TRADE_STEP_MESSAGES.ANSWER_REQUIRED, TRADE_STEP_MESSAGES.ANSWER_TOO_LONG),
});

/** `POST /trade/answer_offer/{user_id}`: the seller's yes (credited now) or no (declined). */
export const AnswerOfferInputSchema = z.object({
  trade_id: z.string({ error: 'trade_id is required' }).trim().min(1).max(64),
  accept: z.boolean({ error: TRADE_STEP_MESSAGES.ACCEPT_REQUIRED }),
});
export type AnswerOfferInput = z.infer<typeof AnswerOfferInputSchema>;

const TRADE_TIMELINE_STEPS = [
  'submitted',
  'info_requested',
  'info_provided',
  'first_approval',
  'approval_confirmed',
  'approval_returned',
  'counter_offered',
  'offer_accepted',
  'offer_declined',
  'offer_expired',
  'approved',
  'rejected',
  'declined',
  'cancelled',
] as const;

const TimelinePhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * One step, oldest first. A seller's timeline has the question (`message`) and their answer
 * (`message`, `images`); an operator's also has the four-eyes steps, `by` (who acted) and the
 * first approval's `amount` (naira).
 */
export const TradeTimelineEntrySchema = z.object({
  status: z.enum(TRADE_TIMELINE_STEPS),
  at: z.string(),
  message: z.string().nullable().optional(),
  images: z.array(TimelinePhotoSchema).optional(),
  by: z.string().nullable().optional(),
  amount: z.number().nullable().optional(),
});
export type TradeTimelineEntry = z.infer<typeof TradeTimelineEntrySchema>;

/**
 * An approval waiting for a second operator: who approved it, how much, their note, and why
 * it waits (decision 049), in words an operator reads.
 */
export const SecondApprovalSchema = z.object({
  approved_by: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  final_value: z.number(),
  note: z.string().nullable(),
  at: z.string(),
  reason: z.string(),
});
export type SecondApproval = z.infer<typeof SecondApprovalSchema>;

/**
 * An operator's offer below the expected value (decision 037): the naira offered, their note,
 * until when the seller may answer, and what happened. `answer` is null while it waits;
 * `expired` means nobody answered and the seller's if_no_answer choice decided.
 */
export const CounterOfferSchema = z.object({
  value: z.number(),
  note: z.string().nullable(),
  expires_at: z.string(),
  if_no_answer: z.enum(IF_NO_ANSWER_CHOICES),
  answer: z.enum(['accepted', 'declined', 'expired']).nullable(),
});
export type CounterOffer = z.infer<typeof CounterOfferSchema>;
