import { z } from 'zod';
import { BANK_ACCOUNT_DIGITS, BVN_DIGITS } from '../constants';

export const FINANCE_MESSAGES = {
  BANK_REQUIRED: 'Choose a bank',
  ACCOUNT_NUMBER_REQUIRED: 'Account number is required',
  ACCOUNT_NUMBER_INVALID: `Account number must be ${String(BANK_ACCOUNT_DIGITS)} digits`,
  BVN_REQUIRED: 'BVN is required',
  BVN_INVALID: `BVN must be ${String(BVN_DIGITS)} digits`,
} as const;

/** A bank we can pay: our id, its name, and the code the provider knows it by. */
export const BankSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Bank = z.infer<typeof BankSchema>;

export const AccountNumberSchema = z
  .string({ error: FINANCE_MESSAGES.ACCOUNT_NUMBER_REQUIRED })
  .trim()
  .min(1, FINANCE_MESSAGES.ACCOUNT_NUMBER_REQUIRED)
  .regex(
    new RegExp(`^\\d{${String(BANK_ACCOUNT_DIGITS)}}$`),
    FINANCE_MESSAGES.ACCOUNT_NUMBER_INVALID,
  );

const bankId = z.coerce
  .number({ error: FINANCE_MESSAGES.BANK_REQUIRED })
  .int(FINANCE_MESSAGES.BANK_REQUIRED)
  .positive(FINANCE_MESSAGES.BANK_REQUIRED);
const bankCode = z
  .string({ error: FINANCE_MESSAGES.BANK_REQUIRED })
  .trim()
  .min(1, FINANCE_MESSAGES.BANK_REQUIRED)
  .max(20, FINANCE_MESSAGES.BANK_REQUIRED);

/** `POST /finance/verify_bank_account` and the bank part of a new beneficiary (docs/product.md §3). */
export const BankAccountInputSchema = z.object({
  bank_id: bankId,
  account_bank: bankCode,
  account_number: AccountNumberSchema,
});
export type BankAccountInput = z.infer<typeof BankAccountInputSchema>;

export const ResolvedAccountSchema = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
});
export type ResolvedAccount = z.infer<typeof ResolvedAccountSchema>;

export const VerifyKycInputSchema = z.object({
  bvn: z
    .string({ error: FINANCE_MESSAGES.BVN_REQUIRED })
    .trim()
    .min(1, FINANCE_MESSAGES.BVN_REQUIRED)
    .regex(new RegExp(`^\\d{${String(BVN_DIGITS)}}$`), FINANCE_MESSAGES.BVN_INVALID),
});
export type VerifyKycInput = z.infer<typeof VerifyKycInputSchema>;

export const KycResultSchema = z.object({
  kyc_verified: z.boolean(),
  bvn_last4: z.string(),
});
