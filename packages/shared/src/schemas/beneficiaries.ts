import { z } from 'zod';

export const BeneficiaryAccountSchema = z.object({
  id: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
});
export type BeneficiaryAccount = z.infer<typeof BeneficiaryAccountSchema>;

export const DeleteBeneficiaryInputSchema = z.object({
  user_id: z.string({ error: 'user_id is required' }).max(64),
  beneficiary_account_id: z.string({ error: 'beneficiary_account_id is required' }).max(64),
});
export type DeleteBeneficiaryInput = z.infer<typeof DeleteBeneficiaryInputSchema>;
