import { z } from 'zod';

/**
 * The image an operator attached to a rejection as proof (a screenshot of the balance check).
 * Its link is signed and short-lived, like a card photo's: only the trade's owner and staff
 * are given one.
 */
export const RejectionProofSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type RejectionProof = z.infer<typeof RejectionProofSchema>;

export const REJECTION_PROOF_MESSAGES = {
  NOT_FOUND: 'We could not find that proof image for this trade. Upload it again.',
  ONE_IMAGE: 'Send one proof image, in the field "image".',
  NO_IMAGE: 'Choose the proof image to upload.',
} as const;
