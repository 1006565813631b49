import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator codes as every app reads them (RFC 6238, Google Authenticator's key URI): a
 * 160-bit secret in base32, HMAC-SHA-1, six digits, 30-second steps. The HMAC, the base32 and
 * the constant-time comparison are otpauth's (a kept library, on node:crypto), not ours.
 */
const ISSUER = 'Karta';
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** One step either side of now: a phone's clock may be up to 30 seconds out. */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret, in base32: the form apps take when it is typed in. */
export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32;

/** `otpauth://totp/Karta:<email>?issuer=Karta&secret=…`, what the QR code holds. */
export const totpUrlOf = (secret: string, email: string) => totpOf(secret, email).toString();

/**
 * The step `code` belongs to, when it is the code of now or of one step either side; null
 * otherwise. Whether that step was used already is the caller's to check (replay).
 */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now.getTime() }) + delta;
}
