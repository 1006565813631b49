import { createHmac, randomUUID } from 'node:crypto';
import { DEVICES, type DeviceKind } from '@karta/shared/constants';
import { MESSAGES } from '@karta/shared/messages';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { accountSuspendedMessage } from '../../lib/account-suspended';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { createOpaqueToken, hashToken } from '../../lib/secrets';
import { findUserById, findUserByIdPrepared, type UserRow } from '../../lib/users';
import * as tokens from './refresh-tokens.repository';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  /** The refresh-token family: the sign-in that access tokens name as their `sid`. */
  sessionId: string;
}

const sessionExpired = () => new AppError('FORBIDDEN', MESSAGES.SESSION_EXPIRED);

/**
 * A session a suspension ended says so to the cookie's own holder, who would otherwise land on
 * /login with no words. Only the owner's own cookie learns it, and sign-in says the
 * same to anyone with the password.
 */
async function endedSessionError(ctx: AppContext, tx: Executor, userId: string | undefined) {
  const user = userId ? await findUserById(tx, userId) : undefined;
  if (user?.status !== 'suspended') return sessionExpired();
  return new AppError('FORBIDDEN', accountSuspendedMessage(ctx.config.supportEmail), {
    domainCode: 'ACCOUNT_SUSPENDED',
  });
}

/**
 * How long a just-replaced refresh token still answers with its successor (RFC 9700 §4.14):
 * several tabs of one browser refresh at once with the same cookie, and all but the first would
 * otherwise look like a stolen token being replayed. Short, so a thief gains nothing a tab
 * would not have had anyway: the successor the owner's browser is about to hold.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * The token that replaces `presented`. Derived, not random: only hashes are stored, so a replay
 * inside the grace window can find (and hand out again) the same successor only by computing it.
 * Keyed, so nobody without the server's refresh-token key can compute a chain from a token.
 */
const successorOf = (ctx: AppContext, presented: string) =>
  createHmac('sha256', ctx.keys.refreshTokens).update(presented).digest('base64url');

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
  const familyId = randomUUID();
  await tokens.insertRefreshToken(tx, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    device,
    createdAt: now,
    expiresAt: expiresAt < familyExpiresAt ? expiresAt : familyExpiresAt,
    familyExpiresAt,
  });
  const accessToken = ctx.accessTokens.sign({
    userId: user.id,
    tokenVersion: user.tokenVersion,
    device,
    sessionId: familyId,
  });
  return { accessToken, refreshToken, refreshExpiresAt: familyExpiresAt, sessionId: familyId };
}

type RotateResult =
  { ok: true; user: UserRow; session: IssuedSession } | { ok: false; error: AppError };

/**
 * Trades a refresh token for a new pair. A token that was already traded is a sign it was
 * stolen: the whole family is revoked, so neither the thief nor the owner can go on with it.
 * Except within the grace window, when the token just replaced answers with the same successor
 * (parallel tabs); an older ancestor, or the same token later, is still reuse.
 */
export async function rotateSession(
  ctx: AppContext,
  options: { presentedToken: string; userId: string },
): Promise<{ user: UserRow; session: IssuedSession }> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx): Promise<RotateResult> => {
    const row = await tokens.lockRefreshTokenByHash(tx, hashToken(options.presentedToken));
    if (!row) return { ok: false, error: sessionExpired() };
    if (row.revokedAt) {
      const isOwn = row.userId === options.userId;
      return {
        ok: false,
        error: isOwn ? await endedSessionError(ctx, tx, row.userId) : sessionExpired(),
      };
    }
    if (row.userId !== options.userId) {
      return {
        ok: false,
        error: new AppError('FORBIDDEN', 'This session belongs to another account.'),
      };
    }
    const refreshToken = successorOf(ctx, options.presentedToken);
    // The row lock above makes parallel refreshes with one cookie take turns: the first creates
    // the successor, the others find it here.
    const successor = row.replacedAt
      ? await tokens.lockRefreshTokenByHash(tx, hashToken(refreshToken))
      : undefined;
    const isGraceReplay =
      row.replacedAt !== null &&
      now < addSeconds(row.replacedAt, REFRESH_REUSE_GRACE_SECONDS) &&
      successor !== undefined &&
      successor.replacedAt === null &&
      successor.revokedAt === null;
    const current = isGraceReplay ? successor : row;
    if (
      (row.replacedAt && !isGraceReplay) ||
      now >= current.expiresAt ||
      now >= current.familyExpiresAt
    ) {
      await tokens.revokeFamily(tx, row.familyId, now);
      return { ok: false, error: sessionExpired() };
    }
    const user = await findUserById(tx, row.userId);
    if (user?.status !== 'active') {
      await tokens.revokeFamily(tx, row.familyId, now);
      return { ok: false, error: await endedSessionError(ctx, tx, user?.id) };
    }
    if (!isGraceReplay) {
      await tokens.markReplaced(tx, row.id, now);
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
    }
    const accessToken = ctx.accessTokens.sign({
      userId: user.id,
      tokenVersion: user.tokenVersion,
      device: DEVICES.find((known) => known === row.device) ?? 'web',
      sessionId: row.familyId,
    });
    return {
      ok: true,
      user,
      session: {
        accessToken,
        refreshToken,
        refreshExpiresAt: row.familyExpiresAt,
        sessionId: row.familyId,
      },
    };
  });
  if (!result.ok) throw result.error;
  return { user: result.user, session: result.session };
}

/** The signed-in user behind an access token; 403 when there is none, so the client refreshes. */
export async function authenticateAccessToken(
  ctx: AppContext,
  token: string,
): Promise<{ user: UserRow; device: DeviceKind; sessionId: string | null }> {
  const claims = ctx.accessTokens.verify(token);
  if (!claims) throw sessionExpired();
  const user = await findUserByIdPrepared(ctx.db, claims.userId);
  if (user?.status !== 'active' || user.tokenVersion !== claims.tokenVersion) {
    throw sessionExpired();
  }
  return { user, device: claims.device, sessionId: claims.sessionId ?? null };
}

/** A user's signed-in devices, for the sellers desk: when each signed in and was last used. */
export async function listActiveSessions(ctx: AppContext, userId: string) {
  const rows = await tokens.listLiveTokensOf(ctx.db, userId, ctx.clock.now());
  return rows.map((row) => ({
    device: row.device,
    signed_in_at: addSeconds(row.familyExpiresAt, -ctx.config.refreshAbsoluteSeconds).toISOString(),
    last_active_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  }));
}
