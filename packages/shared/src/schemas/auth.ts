import { z } from 'zod';
import { DEVICES } from '../constants';
import type { Clock } from '../dates';
import { MESSAGES as M } from '../messages';
import { successEnvelope } from './common';
import {
  confirmMatches,
  requiredSecret,
  dateOfBirthSchema,
  EmailSchema,
  GenderSchema,
  MobileNumberSchema,
  nameSchema,
  NewPasswordSchema,
  OtpSchema,
  passwordSchema,
  ReferralCodeSchema,
  STRONG_PASSWORD_PATTERN,
} from './fields';
import { UserSchema } from './users';

/** The age rule reads `clock` (the API's own, so tests can set the date). */
export const registerInputSchema = (clock: Clock) =>
  z
    .object({
      first_name: nameSchema(M.FIRST_NAME_REQUIRED),
      last_name: nameSchema(M.LAST_NAME_REQUIRED),
      email: EmailSchema,
      mobile_number: MobileNumberSchema,
      gender: GenderSchema,
      date_of_birth: dateOfBirthSchema(clock),
      password: NewPasswordSchema,
      verify_password: requiredSecret(M.CONFIRM_PASSWORD_REQUIRED),
      referral_code: ReferralCodeSchema,
    })
    .superRefine(confirmMatches('password', 'verify_password'));
export type RegisterInput = z.infer<ReturnType<typeof registerInputSchema>>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  password: passwordSchema(M.PASSWORD_REQUIRED, M.PASSWORD_MIN),
  device: z.enum(DEVICES, { error: 'Device must be web, ios or android' }).default('web'),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const ConfirmAccountInputSchema = z.object({
  otp: OtpSchema,
  email: EmailSchema,
  password: requiredSecret(M.PASSWORD_REQUIRED),
});
export type ConfirmAccountInput = z.infer<typeof ConfirmAccountInputSchema>;

export const EmailQuerySchema = z.object({ email: EmailSchema });

export const ReactivateInputSchema = z.object({
  email: EmailSchema,
  password: passwordSchema(M.PASSWORD_REQUIRED, M.PASSWORD_MIN_SHORT),
});
export type ReactivateInput = z.infer<typeof ReactivateInputSchema>;

export const ForgotPasswordInputSchema = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z
  .object({
    email: EmailSchema,
    otp: OtpSchema,
    new_password: passwordSchema(M.NEW_PASSWORD_REQUIRED, M.NEW_PASSWORD_RULES).regex(
      STRONG_PASSWORD_PATTERN,
      M.NEW_PASSWORD_RULES,
    ),
    verify_new_password: requiredSecret(M.CONFIRM_PASSWORD_REQUIRED),
  })
  .superRefine(confirmMatches('new_password', 'verify_new_password'));
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** Login and refresh answer the token beside the envelope's data (docs/product.md §3, §7). */
export const SessionEnvelopeSchema = successEnvelope(UserSchema).extend({ token: z.string() });
