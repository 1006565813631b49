import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a photo link works once it is handed out. */
const LIFETIME_SECONDS = 30 * 60;
/** Expiry is rounded up to this step, so the same photo keeps one URL for a while (caching). */
const STEP_SECONDS = 10 * 60;

const sign = (key: Buffer, imageId: string, expires: number) =>
  createHmac('sha256', key)
    .update(`${imageId}.${String(expires)}`)
    .digest('base64url');

const expiryFrom = (now: Date) =>
  Math.ceil((Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS) / STEP_SECONDS) * STEP_SECONDS;

/** A rejection's proof image is signed under its own prefix: a photo's link never opens one. */
const PROOF = 'rejection-proof:';
/** A conversation's photo (decision 070), under its own prefix for the same reason. */
const SUPPORT_PHOTO = 'support-photo:';

/** Enough for every photo on the pages viewed within one step; past it, the cache starts over. */
const MAX_CACHED_SIGNATURES = 10_000;

/**
 * The signatures made in the current expiry step, per key. A link depends only on the key, the
 * image and the step, so a photo is signed once per step instead of on every view of its trade
 * (decision 047: an HMAC per photo was most of the trade list's own work). Another step, older or
 * newer, starts the cache over.
 */
const signatureCaches = new WeakMap<Buffer, { expires: number; signatures: Map<string, string> }>();

function cachedSign(key: Buffer, subject: string, expires: number): string {
  let cache = signatureCaches.get(key);
  if (cache?.expires !== expires || cache.signatures.size >= MAX_CACHED_SIGNATURES) {
    cache = { expires, signatures: new Map() };
    signatureCaches.set(key, cache);
  }
  let signature = cache.signatures.get(subject);
  if (signature === undefined) {
    signature = sign(key, subject, expires);
    cache.signatures.set(subject, signature);
  }
  return signature;
}

/**
 * Card photos are shown in `<img>` tags, which cannot send the access token. The API hands out
 * a signed, short-lived link instead, and only inside a trade the caller may see (its owner or
 * an operator); without a valid signature the photo does not exist (docs/decisions/010-signed-trade-photo-links.md).
 */
export function createImageUrlSigner(key: Buffer) {
  return {
    urlFor(imageId: string, now: Date): string {
      const expires = expiryFrom(now);
      return `/api/v1/trade/images/${imageId}?expires=${String(expires)}&signature=${cachedSign(key, imageId, expires)}`;
    },
    isValid(imageId: string, expires: number, signature: string, now: Date): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(key, imageId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /** The same, for the proof image of a rejection (owner and staff only, like photos). */
    proofUrlFor(proofId: string, now: Date): string {
      const expires = expiryFrom(now);
      return `/api/v1/trade/rejection_proofs/${proofId}?expires=${String(expires)}&signature=${cachedSign(key, PROOF + proofId, expires)}`;
    },
    isValidProof(proofId: string, expires: number, signature: string, now: Date): boolean {
      return this.isValid(PROOF + proofId, expires, signature, now);
    },
    /** The same, for a photo in a support conversation (its seller and staff only). */
    supportPhotoUrlFor(photoId: string, now: Date): string {
      const expires = expiryFrom(now);
      return `/api/v1/support/photos/${photoId}?expires=${String(expires)}&signature=${cachedSign(key, SUPPORT_PHOTO + photoId, expires)}`;
    },
    isValidSupportPhoto(photoId: string, expires: number, signature: string, now: Date): boolean {
      return this.isValid(SUPPORT_PHOTO + photoId, expires, signature, now);
    },
  };
}
export type ImageUrlSigner = ReturnType<typeof createImageUrlSigner>;
