import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
  type BinaryLike,
  type KeyObject,
} from 'node:crypto';

/** A 256-bit random value, URL-safe: refresh tokens and other bearer secrets. */
export const createOpaqueToken = () => randomBytes(32).toString('base64url');

/** Bearer secrets are stored only as their SHA-256: a database leak does not leak sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** n random decimal digits from the CSPRNG (one-time codes). */
export function createDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i += 1) digits += String(randomInt(10));
  return digits;
}

/** A keyed hash: short secrets (codes) cannot be brute-forced from the table without the key. */
export const keyedHash = (key: BinaryLike | KeyObject, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');

export function isSameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
