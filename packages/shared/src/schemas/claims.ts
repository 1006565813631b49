import { z } from 'zod';
import { requiredText } from './common';

/**
 * What every review desk's claim answers (decisions 072 and 078): the trade, KYC and support
 * desks share one claim mechanism, so their heartbeats and closing beacons answer alike.
 */

/** `POST …/{id}/heartbeat`: the caller's claim, kept until `until` (ISO), heard from `seen_at`. */
export const ClaimHeartbeatSchema = z.object({ until: z.string(), seen_at: z.string() });
export type ClaimHeartbeat = z.infer<typeof ClaimHeartbeatSchema>;

/** A release token as the server makes it: 32 random bytes, base64url. */
const RELEASE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The beacon's credential, beside the claimed item's id. */
export const releaseTokenField = () =>
  requiredText('release_token is required').pipe(
    z.string().regex(RELEASE_TOKEN, 'release_token is not a release token'),
  );

/** Whether the beacon ended a claim: false for a used, replaced or expired token. */
export const BeaconReleasedSchema = z.object({ released: z.boolean() });

/**
 * A live claim on a KYC submission or a support conversation: who, until when (ISO), and when
 * their page last said it was open (`seen_at`, ISO; null for a claim taken before heartbeats
 * existed). Silent for CLAIM_TAKEOVER_SILENCE_SECONDS, another operator may take it over.
 */
export const DeskClaimSchema = z.object({
  by_user_id: z.uuid(),
  by_name: z.string(),
  until: z.string(),
  seen_at: z.string().nullable(),
});
export type DeskClaim = z.infer<typeof DeskClaimSchema>;
