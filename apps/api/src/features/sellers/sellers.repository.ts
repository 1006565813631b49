import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit-log';
import { users } from '../../db/schema/users';
import { escapeLike } from '../../lib/like-prefix';
import type { UserRow } from '../../lib/users';

/** A search row as PostgreSQL returns it (timestamps as text). */
export type SellerHit = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile_number: string | null;
  referral_code: string;
  role: UserRow['role'];
  status: UserRow['status'];
  kyc_verified: boolean;
  created_at: string | Date;
};

/**
 * A typed phone number as it is stored (+234 and ten digits): "0803 123", "234803" and
 * "803123" all become "+234803…". Undefined when the text is not a phone number.
 */
function toPhonePrefix(text: string): string | undefined {
  const compact = text.replace(/[\s()-]/g, '');
  if (!/^\+?\d{2,}$/.test(compact)) return undefined;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('234')) return `+${compact}`;
  if (compact.startsWith('0')) return `+234${compact.slice(1)}`;
  return `+234${compact}`;
}

/**
 * Accounts whose e-mail, phone, full name, last name or referral code starts with the text.
 * Each branch reads its own prefix index and stops after `cap + 1` rows, so a broad search ("ch")
 * costs no more than a narrow one; the union is then ordered newest first and paged. `total`
 * counts the union, so it is exact up to the cap and a floor above it.
 */
export async function searchUsers(
  tx: Executor,
  options: { text: string; cap: number; limit: number; offset: number },
): Promise<{ rows: SellerHit[]; total: number }> {
  const lower = `${escapeLike(options.text.toLowerCase())}%`;
  const upper = `${escapeLike(options.text.toUpperCase())}%`;
  const phone = toPhonePrefix(options.text);
  const take = options.cap + 1;
  const branches = [
    sql`(select id, created_at from users where email like ${lower} limit ${take})`,
    sql`(select id, created_at from users where search_full_name like ${lower} limit ${take})`,
    sql`(select id, created_at from users where search_last_name like ${lower} limit ${take})`,
    sql`(select id, created_at from users where referral_code like ${upper} limit ${take})`,
  ];
  if (phone) {
    branches.push(
      sql`(select id, created_at from users where mobile_number like ${`${escapeLike(phone)}%`} limit ${take})`,
    );
  }
  const union = sql.join(branches, sql` union `);
  // One round trip. The branches read their indexes alone (created_at and id are in them);
  // only the page's rows are fetched from the table.
  const result = await tx.execute<SellerHit & { total: string }>(sql`
    with hits as (${union}),
    page as (
      select id, created_at, count(*) over () as total from hits
      order by created_at desc, id
      limit ${options.limit} offset ${options.offset})
    select u.id, u.first_name, u.last_name, u.email, u.mobile_number, u.referral_code, u.role,
      u.status, u.kyc_verified, u.created_at, page.total
    from page join users u on u.id = page.id
    order by page.created_at desc, page.id`);
  const first = result.rows[0];
  if (first) {
    const rows = result.rows.map((row): SellerHit => {
      const hit: Partial<typeof row> = { ...row };
      delete hit.total;
      return hit as SellerHit;
    });
    return { rows, total: Number(first.total) };
  }
  if (options.offset === 0) return { rows: [], total: 0 };
  // A page past the end still says how many there are.
  const counted = await tx.execute<{ total: string }>(
    sql`select count(*) as total from (${union}) hits`,
  );
  return { rows: [], total: Number(counted.rows[0]?.total ?? 0) };
}

/** The newest audit entries about one account, with the name of whoever acted. */
export async function listAccountAudit(tx: Executor, userId: string, limit: number) {
  return tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}
