import { CLAIM_TAKEOVER_SILENCE_SECONDS } from '@karta/shared/constants';
import { addSeconds } from './clock';
import { createOpaqueToken, hashToken, isSameSecret } from './secrets';

/**
 * The parts of a review claim that do not depend on what is claimed (decisions 072 and 078): a
 * release token the holder's page sends in a beacon when it closes, and a heartbeat whose silence
 * lets another operator take the claim over. `desk-claims.ts` builds every desk's claim on them.
 */

/** A fresh release token: the holder is given `token` once; the claim keeps only `hash`. */
export function newReleaseToken() {
  const token = createOpaqueToken();
  return { token, hash: hashToken(token) };
}

/** Whether `token` is the one the claim keeps the hash of (none kept: never). */
export const isReleaseToken = (keptHash: string | null, token: string) =>
  keptHash !== null && isSameSecret(keptHash, hashToken(token));

/**
 * Whether the holder's page has been silent long enough for another operator to take the claim
 * over. A claim with no sign of life recorded (taken before heartbeats existed, or by a script)
 * counts as silent: nothing is keeping it.
 */
export const isSilent = (seenAt: Date | null, now: Date) =>
  seenAt === null || addSeconds(seenAt, CLAIM_TAKEOVER_SILENCE_SECONDS) <= now;
