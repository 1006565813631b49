import { z } from 'zod';
import { NIN_DIGITS } from '../constants';
import { KYC_NEEDS, KYC_STATUSES } from '../kyc-tiers';

const KYC_MESSAGES = {
  NIN_REQUIRED: 'NIN is required',
  NIN_INVALID: `NIN must be ${String(NIN_DIGITS)} digits`,
} as const;

const TierSchema = z.number().int().min(0).max(3).meta({ example: 1 });

/**
 * Where the seller stands on the KYC ladder (decision 063), in naira like the API's other
 * amounts: `GET /auth/current_user`'s `kyc`, and the withdraw screen's terms.
 */
export const KycStateSchema = z.object({
  tier: TierSchema,
  status: z.enum(KYC_STATUSES),
  limits: z.object({
    /** Per Lagos day: the lower of the tier's limit and the platform's. */
    daily_withdrawal: z.number().meta({ example: 200000 }),
    /** Per withdrawal: the lower of the tier's limit and the platform's. */
    single_withdrawal: z.number().meta({ example: 200000 }),
    withdrawn_today: z.number().meta({ example: 50000 }),
    remaining_today: z.number().meta({ example: 150000 }),
  }),
  /** The next tier and what reaching it needs; null at the top. */
  next: z
    .object({
      tier: TierSchema,
      needs: z.array(z.enum(KYC_NEEDS)).meta({ example: ['nin'] }),
    })
    .nullable(),
});
export type KycState = z.infer<typeof KycStateSchema>;

/** One rung of the ladder: what a tier lets a seller withdraw (the server's configuration). */
export const KycTierLimitsSchema = z.object({
  tier: TierSchema,
  daily_withdrawal: z.number().meta({ example: 1000000 }),
  single_withdrawal: z.number().meta({ example: 1000000 }),
});
export type KycTierLimits = z.infer<typeof KycTierLimitsSchema>;

/** `POST /user/verify_nin/{user_id}`: the seller's NIN, checked against their verified BVN. */
export const VerifyNinInputSchema = z.object({
  nin: z
    .string({ error: KYC_MESSAGES.NIN_REQUIRED })
    .trim()
    .min(1, KYC_MESSAGES.NIN_REQUIRED)
    .regex(new RegExp(`^\\d{${String(NIN_DIGITS)}}$`), KYC_MESSAGES.NIN_INVALID),
});
export type VerifyNinInput = z.infer<typeof VerifyNinInputSchema>;

/** What a verified NIN answers: the last four digits (Karta keeps no more) and the new state. */
export const NinResultSchema = z.object({
  nin_last4: z.string().meta({ example: '4821' }),
  kyc: KycStateSchema,
});
