import { DEVICES } from '@karta/shared/constants';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import type { UserRow } from '../../lib/users';
import * as tokens from './refresh-tokens.repository';

/**
 * The seller's own signed-in devices (decision 075): one row per live sign-in, the asking
 * device marked, newest activity first (the repository's 50 at most).
 */
export async function listOwnSessions(
  ctx: AppContext,
  options: { user: UserRow; currentSessionId: string | null },
) {
  const rows = await tokens.listLiveTokensOf(ctx.db, options.user.id, ctx.clock.now());
  return rows.map((row) => ({
    id: row.familyId,
    device: DEVICES.find((known) => known === row.device) ?? 'web',
    signed_in_at: addSeconds(row.familyExpiresAt, -ctx.config.refreshAbsoluteSeconds).toISOString(),
    last_active_at: row.createdAt.toISOString(),
    is_current: row.familyId === options.currentSessionId,
  }));
}

/**
 * Ends one of the seller's own sign-ins: its refresh tokens revoked, so that device cannot
 * refresh. Its access token, if it holds one, lapses by itself within 15 minutes (the others'
 * sessions go on; raising the token version would end them all). Another account's sign-in, or
 * one already over, is 404.
 */
export async function endOwnSession(
  ctx: AppContext,
  options: { user: UserRow; sessionId: string },
) {
  const now = ctx.clock.now();
  const isLive =
    isUuid(options.sessionId) &&
    (await tokens.listLiveTokensOf(ctx.db, options.user.id, now)).some(
      (row) => row.familyId === options.sessionId,
    );
  if (!isLive) {
    throw new AppError('NOT_FOUND', 'This device is not signed in any more.', {
      field: 'session_id',
    });
  }
  await tokens.revokeFamily(ctx.db, options.sessionId, now);
}
