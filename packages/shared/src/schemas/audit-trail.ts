import { z } from 'zod';
import { AUDIT_ACTION_NAMES, AUDIT_TARGET_TYPE_NAMES, isAuditAction } from '../audit-actions';
import { isCalendarDate } from '../dates';
import { PageMetaSchema } from './common';

/** Fifty entries to a page (decision 028). */
export const AUDIT_PAGE_SIZE = 50;
/**
 * The trail counts and pages this far and no further: past it an admin narrows the filters or
 * the dates rather than paging through a million rows (decision 028).
 */
export const AUDIT_COUNT_CAP = 1000;
/** An e-mail prefix may stand for this many accounts at most. */
export const AUDIT_ACTOR_MATCH_CAP = 20;

export const AUDIT_MESSAGES = {
  PAGE_TOO_DEEP: `The trail pages back ${String(AUDIT_COUNT_CAP)} entries: narrow the filters or the dates to see older ones`,
  UNKNOWN_ACTION: 'Choose actions from the list',
  BAD_DAY: 'Give the day as YYYY-MM-DD',
  DAYS_IN_ORDER: 'The first day must be on or before the last day',
  TARGET_TYPE_NEEDED: 'Choose what kind of record the id belongs to',
  TOO_MANY_ACTORS: `More than ${String(AUDIT_ACTOR_MATCH_CAP)} accounts match: type more of the e-mail address`,
} as const;

const day = z
  .string()
  .trim()
  .refine((text) => text === '' || isCalendarDate(text), AUDIT_MESSAGES.BAD_DAY)
  .optional()
  .transform((text) => text || undefined)
  // What the API document shows (the check is the refine above).
  .meta({
    pattern: '^(\\d{4}-\\d{2}-\\d{2})?$',
    description: 'A Lagos calendar day, YYYY-MM-DD (blank: none).',
    example: '2026-11-28',
  });

/** `action=a,b` or `action=a&action=b`; blank means every action. */
const actions = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [value ?? []]
      .flat()
      .flatMap((text) => text.split(','))
      .map((text) => text.trim())
      .filter(Boolean),
  )
  .refine((names) => names.every(isAuditAction), AUDIT_MESSAGES.UNKNOWN_ACTION)
  .transform((names) => [...new Set(names)] as typeof AUDIT_ACTION_NAMES);

/**
 * `GET /admin/audit`: who (an account id or the start of an e-mail), what (one or more
 * actions), on which record, between which Lagos days (both included).
 */
export const AuditQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(AUDIT_COUNT_CAP / AUDIT_PAGE_SIZE, AUDIT_MESSAGES.PAGE_TOO_DEEP)
      .default(1),
    actor: z
      .string()
      .trim()
      .max(254, 'The actor can be at most 254 characters')
      .optional()
      .transform((text) => text?.toLowerCase() || undefined),
    action: actions,
    target_type: z
      .union([z.enum(AUDIT_TARGET_TYPE_NAMES), z.literal('')], {
        error: `target_type must be one of ${AUDIT_TARGET_TYPE_NAMES.join(', ')}`,
      })
      .optional()
      .transform((text) => text || undefined),
    target_id: z
      .string()
      .trim()
      .max(64, 'The id can be at most 64 characters')
      .optional()
      .transform((text) => text || undefined),
    from: day,
    to: day,
  })
  .superRefine((query, ctx) => {
    if (query.target_id && !query.target_type) {
      ctx.addIssue({
        code: 'custom',
        path: ['target_type'],
        message: AUDIT_MESSAGES.TARGET_TYPE_NEEDED,
      });
    }
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: AUDIT_MESSAGES.DAYS_IN_ORDER });
    }
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** A JSON object as the code wrote it (numbers, text, booleans, nested objects), or nothing. */
const AuditStateSchema = z.record(z.string(), z.unknown()).nullable();
export type AuditState = z.infer<typeof AuditStateSchema>;

const AuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  /** Null when the account is gone or the change was made by the system. */
  actor: z
    .object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  target_type: z.string(),
  target_id: z.string(),
  /**
   * The record's name as it is now, for the catalog's records: a card's name, a subcategory's
   * with its card's ("Amazon › USA physical"); null for other kinds or a record gone.
   */
  target_name: z.string().nullable(),
  before: AuditStateSchema,
  after: AuditStateSchema,
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  data: z.array(AuditEntrySchema),
  meta: PageMetaSchema,
  /** True when more than AUDIT_COUNT_CAP entries match: the total is a floor. */
  is_capped: z.boolean(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
