import { createSecretKey } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@karta/shared/constants';
import type { Clock } from '../../lib/clock';
import { DEVICES, type DeviceKind } from '@karta/shared/constants';

export interface AccessClaims {
  userId: string;
  tokenVersion: number;
  device: DeviceKind;
}

/**
 * Who issues our access tokens and who they are for. Checked on every request, so a token minted
 * for another service (or by another deployment that shares a key) is not taken as ours.
 */
const ACCESS_TOKEN_ISSUER = 'karta';
const ACCESS_TOKEN_AUDIENCE = 'karta-api';

/** Short-lived HS256 JWTs (15 minutes). They carry the user's token version to allow revocation. */
export function createAccessTokens(accessTokenKey: Buffer, clock: Clock) {
  // A KeyObject made once: given raw bytes, jose would import the key again on every call.
  const key = createSecretKey(accessTokenKey);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ tv: claims.tokenVersion, dv: claims.device })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** The claims of a valid token, or null for anything expired, forged or malformed. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          // jose checks exp only when it is present: a token without one would never expire.
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: clock.now(),
        });
        const { sub, tv, dv } = payload;
        if (typeof sub !== 'string' || typeof tv !== 'number') return null;
        const device = DEVICES.find((known) => known === dv) ?? 'web';
        return { userId: sub, tokenVersion: tv, device };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
