import { z } from 'zod';
import { GENDERS, ROLES } from '../constants';
import { MESSAGES as M } from '../messages';
import {
  confirmMatches,
  requiredSecret,
  OtpSchema,
  passwordSchema,
  PinSchema,
  STRONG_PASSWORD_PATTERN,
} from './fields';

/**
 * Automatic withdrawal (decision 038): while on, each approved trade's credit leaves
 * for `beneficiary_account_id` (less the fee). `stopped_reason` says why a rule turned it off
 * (a failed payout, a suspension, a PIN lock...), until the seller turns it on again.
 */
export const AutoWithdrawalStateSchema = z.object({
  enabled: z.boolean(),
  beneficiary_account_id: z.string().nullable(),
  changed_at: z.string().nullable(),
  stopped_reason: z.string().nullable(),
});
export type AutoWithdrawalState = z.infer<typeof AutoWithdrawalStateSchema>;

export const UserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  mobile_number: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  date_of_birth: z.string().nullable(),
  referral_code: z.string(),
  role: z.enum(ROLES),
  has_pin: z.boolean(),
  kyc_verified: z.boolean(),
  auto_withdrawal: AutoWithdrawalStateSchema,
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AUTO_WITHDRAWAL_MESSAGES = {
  ACCOUNT_REQUIRED: 'Choose the account your money should go to',
} as const;

/** Why automatic withdrawal is off after the seller deleted the account it sent to. */
export const AUTO_WITHDRAWAL_ACCOUNT_DELETED =
  'You deleted the account it sent your money to. Choose another account to turn it on again.';

/**
 * `POST /user/auto_withdrawal/{user_id}`: turning it on names a saved account and takes the
 * withdrawal PIN; turning it off takes nothing else (it only keeps money in the wallet).
 */
export const AutoWithdrawalInputSchema = z.discriminatedUnion('enabled', [
  z.object({
    enabled: z.literal(true),
    beneficiary_account_id: z
      .string({ error: AUTO_WITHDRAWAL_MESSAGES.ACCOUNT_REQUIRED })
      .trim()
      .min(1, AUTO_WITHDRAWAL_MESSAGES.ACCOUNT_REQUIRED)
      .max(64),
    pin: PinSchema(M.PIN_REQUIRED),
  }),
  z.object({ enabled: z.literal(false) }),
]);
export type AutoWithdrawalInput = z.infer<typeof AutoWithdrawalInputSchema>;

/** `{user_id}` is compared with the caller's id, so any text is accepted here and refused there. */
export const UserIdParamsSchema = z.object({ user_id: z.string().max(64) });

export const UpdatePasswordInputSchema = z
  .object({
    password: passwordSchema(M.CURRENT_PASSWORD_REQUIRED, M.PASSWORD_MIN_SHORT),
    new_password: passwordSchema(M.NEW_PASSWORD_REQUIRED, M.NEW_PASSWORD_RULES).regex(
      STRONG_PASSWORD_PATTERN,
      M.NEW_PASSWORD_RULES,
    ),
    verify_new_password: requiredSecret(M.CONFIRM_PASSWORD_REQUIRED),
    otp: OtpSchema,
  })
  .superRefine(confirmMatches('new_password', 'verify_new_password'));
export type UpdatePasswordInput = z.infer<typeof UpdatePasswordInputSchema>;

export const UpdatePinInputSchema = z
  .object({
    password: passwordSchema(M.PASSWORD_REQUIRED, M.PASSWORD_MIN_SHORT),
    pin: PinSchema(M.PIN_REQUIRED),
    verify_pin: PinSchema(M.CONFIRM_PIN_REQUIRED),
  })
  .superRefine(confirmMatches('pin', 'verify_pin', M.PINS_DO_NOT_MATCH));
export type UpdatePinInput = z.infer<typeof UpdatePinInputSchema>;

/** Deactivate and delete: the account password, and nothing else. */
export const AccountPasswordInputSchema = z.object({
  password: passwordSchema(M.PASSWORD_REQUIRED, M.PASSWORD_MIN_SHORT),
});
export type AccountPasswordInput = z.infer<typeof AccountPasswordInputSchema>;
