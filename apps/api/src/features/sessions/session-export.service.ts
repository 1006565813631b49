import { asc, eq, sql } from 'drizzle-orm';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { refreshTokens } from '../../db/schema/refresh-tokens';

/**
 * The seller's sign-ins for their data export: one per refresh-token family, with its device,
 * when it began, when it was last refreshed and when it ended (signed out, revoked, or past
 * its absolute limit); null while it may still be used. Token hashes never leave the table.
 */
export async function exportSessions(
  tx: Executor,
  options: { userId: string; now: Date },
): Promise<DataExport['sessions']> {
  const rows = await tx
    .select({
      device: sql<string>`min(${refreshTokens.device})`,
      signedInAt: sql<Date>`min(${refreshTokens.createdAt})`,
      lastActiveAt: sql<Date>`max(${refreshTokens.createdAt})`,
      revokedAt: sql<Date | null>`min(${refreshTokens.revokedAt})`,
      idleEndsAt: sql<Date>`max(${refreshTokens.expiresAt})`,
      familyEndsAt: sql<Date>`min(${refreshTokens.familyExpiresAt})`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, options.userId))
    .groupBy(refreshTokens.familyId)
    .orderBy(asc(sql`min(${refreshTokens.createdAt})`));
  const at = (value: Date | string) => new Date(value);
  return rows.map((row) => {
    // A family dies at its idle limit or its absolute one, whichever comes first.
    const diesAt = Math.min(at(row.idleEndsAt).getTime(), at(row.familyEndsAt).getTime());
    const endedAt = row.revokedAt
      ? at(row.revokedAt)
      : diesAt <= options.now.getTime()
        ? new Date(diesAt)
        : null;
    return {
      device: row.device,
      signed_in_at: at(row.signedInAt).toISOString(),
      last_active_at: at(row.lastActiveAt).toISOString(),
      ended_at: endedAt?.toISOString() ?? null,
    };
  });
}
