import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@karta/shared/constants';
import type { Clock } from './clock';
import { DEVICES, type DeviceKind } from '@karta/shared/constants';

export interface AccessClaims {
  userId: string;
  tokenVersion: number;
  device: DeviceKind;
  /**
   * The sign-in (refresh-token family) the token belongs to, so what is recorded of a session,
   * such as a fresh second factor (step-up), applies to that session only.
   */
  sessionId?: string;
}

/**
 * Who issues our access tokens and who they are for. Checked on every request, so a token minted
 * for another service (or by another deployment that shares a key) is not taken as ours.
 */
const ACCESS_TOKEN_ISSUER = 'karta';
const ACCESS_TOKEN_AUDIENCE = 'karta-api';

/** A JWS compact token is three base64url parts; anything else is refused before any work. */
const COMPACT_JWS = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const HS256_HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** HMAC-SHA256 gives 32 bytes: a signature of any other length is forged or damaged. */
const HS256_SIGNATURE_BYTES = 32;

/** Short-lived HS256 JWTs (15 minutes). They carry the user's token version to allow revocation. */
export function createAccessTokens(accessTokenKey: Buffer, clock: Clock) {
  // A KeyObject made once, not the raw bytes imported again on every call.
  const key = createSecretKey(accessTokenKey);
  return {
    /** Signed here too, with node:crypto, not jose: WebCrypto's HMAC was a fifth of a login's main thread. */
    sign(claims: AccessClaims): string {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const payload = {
        tv: claims.tokenVersion,
        dv: claims.device,
        ...(claims.sessionId !== undefined && { sid: claims.sessionId }),
        sub: claims.userId,
        iss: ACCESS_TOKEN_ISSUER,
        aud: ACCESS_TOKEN_AUDIENCE,
        iat: issuedAt,
        exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
      };
      const signingInput = `${HS256_HEADER}.${base64url(JSON.stringify(payload))}`;
      return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
    },
    /**
     * The claims of a valid token, or null for anything expired, forged or malformed.
     *
     * Checked here with node:crypto, synchronously, rather than with jose: jose verifies through
     * WebCrypto, whose HMAC is a job queued to the thread pool and whose key and algorithm are
     * normalised on each call. That was about 15% of the main thread on every signed-in request
     * (bench/profiles/README.md), for one SHA-256 of a few hundred bytes. The checks are jose's:
     * HS256 only, no `crit`, a valid signature compared in constant time, then iss, aud, and exp,
     * iat and sub present, exp in the future and nbf (when given) not.
     */
    verify(token: string): AccessClaims | null {
      const parts = COMPACT_JWS.exec(token);
      if (!parts) return null;
      const [, encodedHeader, encodedPayload, encodedSignature] = parts as unknown as [
        string,
        string,
        string,
        string,
      ];
      const header = decodeJson(encodedHeader);
      if (header?.alg !== 'HS256' || 'crit' in header) return null;
      if (!signatureMatches(key, `${encodedHeader}.${encodedPayload}`, encodedSignature)) {
        return null;
      }
      const payload = decodeJson(encodedPayload);
      if (!payload || !claimsHold(payload, Math.floor(clock.now().getTime() / 1000))) return null;
      const { sub, tv, dv, sid } = payload;
      if (typeof sub !== 'string' || typeof tv !== 'number') return null;
      const device = DEVICES.find((known) => known === dv) ?? 'web';
      return {
        userId: sub,
        tokenVersion: tv,
        device,
        ...(typeof sid === 'string' && { sessionId: sid }),
      };
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

function signatureMatches(key: KeyObject, signingInput: string, encodedSignature: string): boolean {
  const given = Buffer.from(encodedSignature, 'base64url');
  if (given.length !== HS256_SIGNATURE_BYTES) return false;
  const expected = createHmac('sha256', key).update(signingInput).digest();
  return timingSafeEqual(given, expected);
}

/** A base64url part as a JSON object, or null when it is not one. */
function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Our issuer and audience, and a token alive now (seconds since the epoch), as jose checks. */
function claimsHold(payload: Record<string, unknown>, now: number): boolean {
  const { iss, aud, exp, iat, nbf } = payload;
  if (iss !== ACCESS_TOKEN_ISSUER) return false;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(ACCESS_TOKEN_AUDIENCE)) return false;
  if (typeof exp !== 'number' || typeof iat !== 'number') return false;
  if (exp <= now) return false;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return false;
  return true;
}
