import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { refreshTokens } from '../../db/schema/refresh-tokens';
import { users } from '../../db/schema/users';
import type { NewUser, UserRow } from '../../lib/users';
import type { AuditAction } from '@karta/shared/audit-actions';

export async function findUserByMobileNumber(tx: Executor, mobileNumber: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobileNumber, mobileNumber));
  return row;
}

export async function findActiveUserByReferralCode(tx: Executor, referralCode: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, referralCode), eq(users.status, 'active')));
  return row;
}

export async function isReferralCodeTaken(tx: Executor, referralCode: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, referralCode));
  return Boolean(row);
}

export async function insertUser(tx: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  tx: Executor,
  id: string,
  values: Partial<NewUser>,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  return row;
}

/**
 * Ends every session of a user: refresh tokens are revoked and the token version moves on, so
 * access tokens already handed out stop working at their next use.
 */
export async function revokeAllSessions(tx: Executor, userId: string, at: Date) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The account's PIN state as it was when `recordPinOutcome` locked its row. */
export interface PinState {
  status: UserRow['status'];
  hasPin: boolean;
  pinLockedUntil: Date | null;
  pinFailedAttempts: number;
}

/**
 * Writes what a PIN comparison found, in one statement with the user's row locked (a lock that
 * a parallel wrong PIN is writing is waited for, then seen), and answers the state it found.
 * Nothing is written when that state refuses the PIN (inactive, no PIN, locked). Otherwise a
 * right PIN resets the wrong-PIN count (when there is one), a wrong one adds to it, and the one
 * that reaches `maxAttempts` locks withdrawals until `lockedUntil` and writes the `pin.locked`
 * audit row in the same statement, so the lock exists exactly when its record does. Right and
 * wrong cost the same single round trip: its timing tells nothing.
 */
/** The audit entry the fifth wrong PIN writes in SQL, typed so the name is one of the shared list. */
const PIN_LOCKED: { action: AuditAction } = { action: 'pin.locked' };

export async function recordPinOutcome(
  tx: Executor,
  outcome: {
    userId: string;
    isRight: boolean;
    now: Date;
    maxAttempts: number;
    lockedUntil: Date;
    ip: string;
  },
): Promise<PinState | undefined> {
  const { userId, isRight, now, maxAttempts, lockedUntil, ip } = outcome;
  const reachesMax = sql`t.pin_failed_attempts + 1 >= ${maxAttempts}::int`;
  const result = await tx.execute<{
    status: UserRow['status'];
    has_pin: boolean;
    pin_locked_until: Date | string | null;
    pin_failed_attempts: number;
  }>(sql`
    with target as (
      select id, status, pin_hash, pin_locked_until, pin_failed_attempts
        from ${users} where id = ${userId}::uuid for no key update
    ), counted as (
      update ${users} set
             pin_failed_attempts = case when ${isRight}::boolean or ${reachesMax} then 0
                                        else t.pin_failed_attempts + 1 end,
             pin_locked_until = case when ${isRight}::boolean then null
                                     when ${reachesMax} then ${lockedUntil}::timestamptz
                                     else ${users.pinLockedUntil} end,
             updated_at = now()
        from target t
       where ${users.id} = t.id and t.status = 'active' and t.pin_hash is not null
         and (t.pin_locked_until is null or t.pin_locked_until <= ${now}::timestamptz)
         and (not ${isRight}::boolean or t.pin_failed_attempts > 0)
      returning t.pin_failed_attempts
    ), audited as (
      insert into ${auditLog} (actor_user_id, action, target_type, target_id, before, after, ip)
      select ${userId}::uuid, ${PIN_LOCKED.action}::text, 'user', ${userId}::text,
             jsonb_build_object('pin_failed_attempts', t.pin_failed_attempts),
             jsonb_build_object('locked_until', ${lockedUntil.toISOString()}::text), ${ip}::text
        from counted t
       where not ${isRight}::boolean and ${reachesMax}
    )
    select status, pin_hash is not null as has_pin, pin_locked_until, pin_failed_attempts
      from target`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    status: row.status,
    hasPin: row.has_pin,
    pinLockedUntil: row.pin_locked_until === null ? null : new Date(row.pin_locked_until),
    pinFailedAttempts: row.pin_failed_attempts,
  };
}
