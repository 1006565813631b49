import { randomUUID } from 'node:crypto';
import { DEVICES, type DeviceKind } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { createOpaqueToken, hashToken } from '../../lib/secrets';
import { findUserById, findUserByIdPrepared, type UserRow } from '../accounts/accounts.repository';
import * as tokens from './refresh-tokens.repository';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const sessionExpired = () => new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);

/** A new sign-in: a fresh refresh-token family and an access token. */
export async function startSession(
  ctx: AppContext,
  options: { user: UserRow; device: DeviceKind; tx?: Executor },
): Promise<IssuedSession> {
  const { user, device, tx = ctx.db } = options;
  const now = ctx.clock.now();
  const familyExpiresAt = addSeconds(now, ctx.config.refreshAbsoluteSeconds);
  const refreshToken = createOpaqueToken();
  const expiresAt = addSeconds(now, ctx.config.refreshIdleSeconds);
  await tokens.insertRefreshToken(tx, {
    userId: user.id,
    familyId: randomUUID(),
    tokenHash: hashToken(refreshToken),
    device,
    createdAt: now,
    expiresAt: expiresAt < familyExpiresAt ? expiresAt : familyExpiresAt,
    familyExpiresAt,
  });
  const accessToken = await ctx.accessTokens.sign({
    userId: user.id,
    tokenVersion: user.tokenVersion,
    device,
  });
  return { accessToken, refreshToken, refreshExpiresAt: familyExpiresAt };
}

type RotateResult =
  { ok: true; user: UserRow; session: IssuedSession } | { ok: false; error: AppError };

/**
 * Trades a refresh token for a new pair. A token that was already traded is a sign it was
 * stolen: the whole family is revoked, so neither the thief nor the owner can go on with it.
 */
export async function rotateSession(
  ctx: AppContext,
  options: { presentedToken: string; userId: string },
): Promise<{ user: UserRow; session: IssuedSession }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx): Promise<RotateResult> => {
    const row = await tokens.lockRefreshTokenByHash(tx, hashToken(options.presentedToken));
    if (!row || row.revokedAt) return { ok: false, error: sessionExpired() };
    if (row.userId !== options.userId) {
      return {
        ok: false,
        error: new AppError('FORBIDDEN', 'This session belongs to another account.'),
      };
    }
    if (row.replacedAt) {
      await tokens.revokeFamily(tx, row.familyId, now);
      return { ok: false, error: sessionExpired() };
    }
    if (now >= row.expiresAt || now >= row.familyExpiresAt) {
      await tokens.revokeFamily(tx, row.familyId, now);
      return { ok: false, error: sessionExpired() };
    }
    const user = await findUserById(tx, row.userId);
    if (user?.status !== 'active') {
      await tokens.revokeFamily(tx, row.familyId, now);
      return { ok: false, error: sessionExpired() };
    }
    await tokens.markReplaced(tx, row.id, now);
    const refreshToken = createOpaqueToken();
    const idleExpiry = addSeconds(now, ctx.config.refreshIdleSeconds);
    await tokens.insertRefreshToken(tx, {
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashToken(refreshToken),
      device: row.device,
      createdAt: now,
      expiresAt: idleExpiry < row.familyExpiresAt ? idleExpiry : row.familyExpiresAt,
      familyExpiresAt: row.familyExpiresAt,
    });
    const accessToken = await ctx.accessTokens.sign({
      userId: user.id,
      tokenVersion: user.tokenVersion,
      device: DEVICES.find((known) => known === row.device) ?? 'web',
    });
    return {
      ok: true,
      user,
      session: { accessToken, refreshToken, refreshExpiresAt: row.familyExpiresAt },
    };
  });
  if (!result.ok) throw result.error;
  return { user: result.user, session: result.session };
}

/** The signed-in user behind an access token; 403 when there is none, so the client refreshes. */
export async function authenticateAccessToken(
  ctx: AppContext,
  token: string,
): Promise<{ user: UserRow; device: DeviceKind }> {
  const claims = await ctx.accessTokens.verify(token);
  if (!claims) throw sessionExpired();
  const user = await findUserByIdPrepared(ctx.db, claims.userId);
  if (user?.status !== 'active' || user.tokenVersion !== claims.tokenVersion) {
    throw sessionExpired();
  }
  return { user, device: claims.device };
}
