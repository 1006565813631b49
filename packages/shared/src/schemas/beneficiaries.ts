import { z } from 'zod';
import { ACCOUNT_APPROVAL_STATUSES } from '../constants';

export const BeneficiaryAccountSchema = z.object({
  id: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  /**
   * Not in the seller's own name, as on their BVN, and not approved by Karta (decision 064):
   * kept (it was saved before the rule), but no money goes to it until an operator approves it.
   */
  needs_approval: z.boolean(),
});
export type BeneficiaryAccount = z.infer<typeof BeneficiaryAccountSchema>;

export const DeleteBeneficiaryInputSchema = z.object({
  user_id: z.string({ error: 'user_id is required' }).max(64),
  beneficiary_account_id: z.string({ error: 'beneficiary_account_id is required' }).max(64),
});
export type DeleteBeneficiaryInput = z.infer<typeof DeleteBeneficiaryInputSchema>;

/**
 * Karta pays only into accounts in the seller's own name, as on their BVN (decision 064): the
 * words of a refusal, naming whose account the bank says it is.
 */
export const notOwnAccountMessage = (accountName: string) =>
  `This account is in the name of ${accountName}. Karta pays only into accounts in your own name, as on your BVN.`;

/** A seller's request to use one account not in their name, and the operator's answer. */
export const AccountApprovalSchema = z.object({
  id: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  /** The name the bank gave when the seller asked. */
  account_name: z.string(),
  status: z.enum(ACCOUNT_APPROVAL_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  /** The operator's words to the seller. */
  note: z.string().nullable(),
});
export type AccountApproval = z.infer<typeof AccountApprovalSchema>;

const NOTE_MIN = 5;
export const ACCOUNT_APPROVAL_NOTE_MAX = 500;

/** An operator's answer says why, to the seller and in the audit log. */
export const AccountApprovalDecisionInputSchema = z.object({
  note: z
    .string({ error: 'Write a note to the seller' })
    .trim()
    .min(NOTE_MIN, `Write a note of at least ${String(NOTE_MIN)} characters`)
    .max(
      ACCOUNT_APPROVAL_NOTE_MAX,
      `Keep the note under ${String(ACCOUNT_APPROVAL_NOTE_MAX)} characters`,
    ),
});
export type AccountApprovalDecisionInput = z.infer<typeof AccountApprovalDecisionInputSchema>;

export const AccountApprovalParamsSchema = z.object({
  id: z.string().max(64),
  approval_id: z.string().max(64),
});
