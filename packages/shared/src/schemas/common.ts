import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { NAIRA_TEXT } from '../money';

/** A required text field: missing, null, wrong type and blank all read as "X is required". */
export const requiredText = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage);

/**
 * At most two decimals, judged on the number's shortest decimal form (what JSON.stringify
 * writes), not by floating-point division: 1000.3000000000001, 0.30000000000000004 and 5e-324
 * are refused, 117500.55 is accepted.
 */
export const hasAtMostTwoDecimals = (value: number) =>
  Number.isFinite(value) && NAIRA_TEXT.test(String(value));

const FieldErrorSchema = z.object({
  field: z.string().nullable(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * Which business rule refused a request, beside the HTTP status: clients and services branch on
 * these, never on a message's words (docs/ARCHITECTURE.md#a-request). Each one's meaning is
 * written into the OpenAPI document beside the answers that may carry it.
 */
export const DOMAIN_ERROR_DESCRIPTIONS = {
  INSUFFICIENT_FUNDS: 'the wallet holds less than the amount and fee',
  LIMIT_EXCEEDED: 'over a limit: the day’s withdrawals, a count, or a cap',
  AMOUNT_TOO_SMALL: 'below the smallest amount taken',
  AMOUNT_TOO_LARGE: 'above the largest amount taken',
  ALREADY_DECIDED: 'someone decided it already',
  /**
   * The bank account is not in the seller's own name, as on their BVN, and no operator approved
   * it (decision 064): the message names whose it is; the seller may ask Karta to approve it.
   */
  NOT_OWN_ACCOUNT: "the bank account is not in the seller's own (BVN) name and is not approved",
  ALREADY_EXISTS: 'it exists already',
  CLAIMED: 'another operator holds the claim; the message names them',
  /**
   * A heartbeat on a claim the caller no longer holds (decision 072): another operator took it
   * over, or it was released or ran out. The message says which, naming the new holder.
   */
  CLAIM_LOST: 'your claim ended: another operator took it over, or it was released or ran out',
  /** A four-eyes approval confirmed by the operator who made it. */
  SAME_APPROVER: 'the second approval must come from someone else',
  /**
   * A second approval by someone who is not independent of the first person: one made the
   * other staff, or their invitation still waits for a second admin (decision 049).
   */
  NOT_INDEPENDENT: 'the second approver is not independent of the first (decision 049)',
  /** A step that needs another status first (confirm an approval nobody made, answer no question). */
  WRONG_STATUS: 'the record is not in the status this step needs',
  /**
   * A decision on something that changed since it was asked for: a rate change whose rate in
   * force has moved since (decision 049). Ask again from what is there now.
   */
  STALE: 'it changed since it was asked for: ask again from what is there now',
  /**
   * A change that can send money away, on an account with two-step sign-in, without a fresh
   * second factor: send the authenticator's code in `X-Two-Factor-Code`, or step up first
   * (docs/api.md, decision 061). Answered with 401 whatever the code's fault (missing, wrong).
   */
  STEP_UP_REQUIRED:
    'a fresh code from the authenticator app is needed: send it in X-Two-Factor-Code, or step up first',
  /**
   * The refresh of a session that a suspension ended: the client signs out and says why on
   * /login, instead of "session expired" (the message names support's address).
   */
  ACCOUNT_SUSPENDED: 'the account is suspended: the session ended and sign-in is refused',
  /** STAFF_TWO_FACTOR=required, and this operator or admin has not turned two-step sign-in on. */
  TWO_FACTOR_REQUIRED: 'staff must turn on two-step sign-in before using the console',
} as const;

const DOMAIN_ERROR_CODES = Object.keys(DOMAIN_ERROR_DESCRIPTIONS) as [
  keyof typeof DOMAIN_ERROR_DESCRIPTIONS,
  ...(keyof typeof DOMAIN_ERROR_DESCRIPTIONS)[],
];
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export const ErrorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  /** Present when a named business rule refused the request. */
  code: z.enum(DOMAIN_ERROR_CODES).optional(),
  errors: z.array(FieldErrorSchema).min(1),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), message: z.string(), data });

export const MessageEnvelopeSchema = successEnvelope(z.null());

export const PageMetaSchema = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

/** One list of each kind of item, so the API document can name it once (`TradePage`). */
const pages = new WeakMap<z.ZodType, z.ZodType>();

export const pageOf = <T extends z.ZodType>(item: T) => {
  const known = pages.get(item) as ReturnType<typeof newPage<T>> | undefined;
  if (known) return known;
  const page = newPage(item);
  pages.set(item, page);
  return page;
};
const newPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: PageMetaSchema });

/** page and size of every list (docs/ARCHITECTURE.md#api-conventions: size ≤ 50, default 10). */
export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number' }).int().min(1).default(1),
  size: z.coerce
    .number({ error: 'size must be a whole number' })
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, `size can be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

const DATE_QUERY_MESSAGE = 'date_query must be YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) => {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
};

/**
 * `date_query` of the history lists: one Lagos calendar day, or a first and last day (both
 * included). Blank means no filter. Parsed to `{ from, to }`, in order.
 */
export const DateQuerySchema = z
  .string()
  .trim()
  .optional()
  .transform((text, ctx) => {
    if (!text) return undefined;
    const days = text.split(',').map((day) => day.trim());
    if (days.length > 2 || !days.every(isDay)) {
      ctx.addIssue({ code: 'custom', message: DATE_QUERY_MESSAGE });
      return z.NEVER;
    }
    const [from = '', to = from] = days;
    return from <= to ? { from, to } : { from: to, to: from };
  })
  .meta({
    pattern: '^(\\d{4}-\\d{2}-\\d{2}(,\\d{4}-\\d{2}-\\d{2})?)?$',
    description:
      'One Lagos calendar day, or a first and last day (both included): YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD. Blank: every day.',
    example: '2026-11-01,2026-11-28',
  });
