import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  GENDERS,
  NAME_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  PHONE_PREFIX,
  PIN_LENGTH,
  REFERRAL_CODE_MAX_LENGTH,
} from '../constants';
import { isAdult, isCalendarDate, type Clock } from '../dates';
import { MESSAGES as M } from '../messages';
import { requiredText } from './common';

/** Field schemas shared by every form and request that carries the same kind of value. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Nigerian mobile numbers after +234 start with 7, 8 or 9. */
const PHONE_PATTERN = /^[789]\d{9}$/;
/** One lowercase, one uppercase, one digit and one character that is none of those. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).+$/;

export const EmailSchema = requiredText(M.EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, M.EMAIL_INVALID)
  .regex(EMAIL_PATTERN, M.EMAIL_INVALID)
  .toLowerCase();

export const nameSchema = (requiredMessage: string) =>
  requiredText(requiredMessage).max(NAME_MAX_LENGTH, M.NAME_TOO_LONG);

/** Passwords are never trimmed: a space is a character like any other. */
export const passwordSchema = (requiredMessage: string, minMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, minMessage)
    .max(PASSWORD_MAX_LENGTH, M.PASSWORD_TOO_LONG);

/** A password (or its confirmation) typed by the user: required, never trimmed. */
export const requiredSecret = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, requiredMessage);

export const NewPasswordSchema = passwordSchema(M.PASSWORD_REQUIRED, M.PASSWORD_MIN).regex(
  STRONG_PASSWORD_PATTERN,
  M.PASSWORD_RULES,
);

/** The ten digits after the fixed +234, as the register form collects them. */
export const PhoneDigitsSchema = requiredText(M.PHONE_REQUIRED)
  .min(PHONE_DIGITS, M.PHONE_TOO_SHORT)
  .max(PHONE_DIGITS, M.PHONE_TOO_LONG)
  .regex(PHONE_PATTERN, M.PHONE_INVALID);

/** The API takes +234 followed by the ten digits (docs/product.md §3); 0803… and 234803… are accepted too. */
export const MobileNumberSchema = z
  .string({ error: M.PHONE_REQUIRED })
  .transform((value) => {
    const compact = value.replace(/[\s-]/g, '');
    if (compact.startsWith(PHONE_PREFIX)) return compact.slice(PHONE_PREFIX.length);
    if (compact.startsWith('234') && compact.length === 13) return compact.slice(3);
    if (compact.startsWith('0') && compact.length === 11) return compact.slice(1);
    return compact;
  })
  .pipe(PhoneDigitsSchema)
  .transform((digits) => `${PHONE_PREFIX}${digits}`)
  // What the API document shows a client (the check is the pipe above): spaces and hyphens
  // are dropped first.
  .meta({
    pattern: '^(\\+234|234|0)?[789]\\d{9}$',
    description:
      'A Nigerian mobile number: +234 and ten digits starting 7, 8 or 9 (0803…, 234803… and spaces or hyphens are accepted too). Answered as +234 and the ten digits.',
    example: '+2348031234567',
  });

export const GenderSchema = z
  .string({ error: M.GENDER_REQUIRED })
  .min(1, M.GENDER_REQUIRED)
  .pipe(z.enum(GENDERS, { error: M.GENDER_INVALID }))
  // The API document lists the values (its input side would otherwise be any string).
  .meta({ enum: [...GENDERS] });

/** The age rule reads `clock` at each validation: 18 or older in Lagos on the clock's today. */
export const dateOfBirthSchema = (clock: Clock) =>
  requiredText(M.DATE_OF_BIRTH_REQUIRED)
    .refine(isCalendarDate, M.DATE_OF_BIRTH_INVALID)
    .refine((value) => value >= '1900-01-01', M.DATE_OF_BIRTH_INVALID)
    .refine((value) => !isCalendarDate(value) || isAdult(value, clock.now()), M.UNDER_AGE)
    .meta({
      format: 'date',
      description: 'YYYY-MM-DD, from 1900-01-01; the account holder is 18 or older in Lagos today.',
      example: '1998-03-14',
    });

export const ReferralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(REFERRAL_CODE_MAX_LENGTH, M.REFERRAL_CODE_INVALID)
  .nullish()
  .transform((value) => value || null);

export const OtpSchema = z
  .string({ error: M.OTP_INVALID })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), M.OTP_INVALID);

/** Flags the confirmation field when it is filled in and differs from the field it confirms. */
export const confirmMatches =
  <T extends Record<string, unknown>>(
    field: keyof T & string,
    confirmField: keyof T & string,
    message: string = M.PASSWORDS_DO_NOT_MATCH,
  ) =>
  (value: T, ctx: z.RefinementCtx) => {
    const confirmation = value[confirmField];
    if (typeof confirmation === 'string' && confirmation !== '' && confirmation !== value[field]) {
      ctx.addIssue({ code: 'custom', path: [confirmField], message });
    }
  };

export const PinSchema = (requiredMessage: string) =>
  requiredText(requiredMessage).regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), M.PIN_INVALID);
