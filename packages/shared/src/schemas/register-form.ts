import { z } from 'zod';
import { REFERRAL_CODE_MAX_LENGTH } from '../constants';
import { MESSAGES as M } from '../messages';
import {
  confirmMatches,
  DateOfBirthSchema,
  EmailSchema,
  GenderSchema,
  nameSchema,
  NewPasswordSchema,
  PhoneDigitsSchema,
} from './fields';

/**
 * The register form as a person fills it in (spec §2, §5): the phone is only the ten digits
 * after the fixed +234, and the referral code may be left empty. The web app maps it to
 * `RegisterInput` (`mobile_number: '+234' + phone`, `referral_code: null` when empty).
 */
export const RegisterFormSchema = z
  .object({
    first_name: nameSchema(M.FIRST_NAME_REQUIRED),
    last_name: nameSchema(M.LAST_NAME_REQUIRED),
    email: EmailSchema,
    phone: PhoneDigitsSchema,
    gender: GenderSchema,
    date_of_birth: DateOfBirthSchema,
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
export type RegisterFormValues = z.input<typeof RegisterFormSchema>;
/** What the form hands over once valid. */
export type RegisterForm = z.output<typeof RegisterFormSchema>;
