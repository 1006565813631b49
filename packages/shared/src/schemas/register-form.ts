import { z } from 'zod';
import { REFERRAL_CODE_MAX_LENGTH } from '../constants';
import type { Clock } from '../dates';
import { MESSAGES as M } from '../messages';
import {
  confirmMatches,
  dateOfBirthSchema,
  EmailSchema,
  GenderSchema,
  nameSchema,
  NewPasswordSchema,
  PhoneDigitsSchema,
} from './fields';

/**
 * The register form as a person fills it in (docs/product.md §2, §5): the phone is only the ten digits
 * after the fixed +234, and the referral code may be left empty. The web app maps it to
 * `RegisterInput` (`mobile_number: '+234' + phone`, `referral_code: null` when empty). The age
 * rule reads `clock`: the browser passes the real one.
 */
export const registerFormSchema = (clock: Clock) =>
  z
    .object({
      first_name: nameSchema(M.FIRST_NAME_REQUIRED),
      last_name: nameSchema(M.LAST_NAME_REQUIRED),
      email: EmailSchema,
      phone: PhoneDigitsSchema,
      gender: GenderSchema,
      date_of_birth: dateOfBirthSchema(clock),
      password: NewPasswordSchema,
      // Not trimmed: it must equal the password character for character.
      verify_password: z
        .string({ error: M.CONFIRM_PASSWORD_REQUIRED })
        .min(1, M.CONFIRM_PASSWORD_REQUIRED),
      referral_code: z
        .string()
        .trim()
        .toUpperCase()
        .max(REFERRAL_CODE_MAX_LENGTH, M.REFERRAL_CODE_INVALID)
        .transform((code) => code || null),
    })
    .superRefine(confirmMatches('password', 'verify_password'));

/** What the form holds (every field a string). */
export type RegisterFormValues = z.input<ReturnType<typeof registerFormSchema>>;
/** What the form hands over once valid. */
export type RegisterForm = z.output<ReturnType<typeof registerFormSchema>>;
