import { z } from 'zod';
import { DEVICES } from '../constants';

/**
 * One signed-in device of the seller's own account (Settings › Signed-in devices, decision 075):
 * a sign-in's refresh-token family, never the token itself.
 */
const OwnSessionSchema = z.object({
  /** The sign-in's id (what access tokens name as `sid`): what "sign out this device" takes. */
  id: z.string(),
  device: z.enum(DEVICES),
  signed_in_at: z.string(),
  /** When the device last refreshed its session (or signed in). */
  last_active_at: z.string(),
  /** The device asking: signing it out signs this browser out. */
  is_current: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;

export const OwnSessionListSchema = z.array(OwnSessionSchema);

/** `POST /user/sessions/end/{user_id}`: the sign-in to end. */
export const EndSessionInputSchema = z.object({
  session_id: z.string({ error: 'Choose the device to sign out' }).max(64),
});
