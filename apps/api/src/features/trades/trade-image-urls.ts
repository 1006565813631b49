import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a photo link works once it is handed out. */
const LIFETIME_SECONDS = 30 * 60;
/** Expiry is rounded up to this step, so the same photo keeps one URL for a while (caching). */
const STEP_SECONDS = 10 * 60;

const sign = (key: Buffer, imageId: string, expires: number) =>
  createHmac('sha256', key)
    .update(`${imageId}.${String(expires)}`)
    .digest('base64url');

/**
 * Card photos are shown in `<img>` tags, which cannot send the access token. The API hands out
 * a signed, short-lived link instead, and only inside a trade the caller may see (its owner or
 * an operator); without a valid signature the photo does not exist (docs/decisions/010).
 */
export function createImageUrlSigner(key: Buffer) {
  return {
    urlFor(imageId: string, now: Date): string {
      const minimum = Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS;
      const expires = Math.ceil(minimum / STEP_SECONDS) * STEP_SECONDS;
      return `/api/v1/trade/images/${imageId}?expires=${String(expires)}&signature=${sign(key, imageId, expires)}`;
    },
    isValid(imageId: string, expires: number, signature: string, now: Date): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(key, imageId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ImageUrlSigner = ReturnType<typeof createImageUrlSigner>;
