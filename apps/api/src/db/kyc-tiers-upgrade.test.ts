import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT } from '../config';
import { databaseBefore } from '../../test/database-before';
import { applyMigrations } from './migrate';

/**
 * Decision 063: migration 0036 puts every BVN-verified account at KYC tier 1 and owes each such
 * seller whose account still exists one mail (a row of kyc_tier_notices, which the worker's job
 * mails and deletes). The database here is one as production has it before the tiers: every
 * migration up to 0035, with sellers in each state written as that schema takes them.
 */
const MIGRATIONS = path.join(API_ROOT, 'drizzle');
const LAST_BEFORE_THE_TIERS = '0035_';

const serverUrl = inject('pgServerUrl');
let database: Awaited<ReturnType<typeof databaseBefore>> | undefined;

afterAll(async () => {
  await database?.close();
});

describe('the upgrade to KYC tiers', () => {
  it('moves BVN-verified sellers to tier 1 and owes each living one a mail', async () => {
    database = await databaseBefore(serverUrl, LAST_BEFORE_THE_TIERS);
    const { db, pool } = database;

    const sellers = {
      verified: randomUUID(),
      suspendedVerified: randomUUID(),
      unverified: randomUUID(),
      deletedVerified: randomUUID(),
      verifiedOperator: randomUUID(),
    };
    const seed = async (
      id: string,
      values: { kycVerified: boolean; status: string; role?: string },
    ) => {
      await pool.query(
        `insert into users (id, first_name, last_name, email, password_hash, referral_code,
                            status, role, kyc_verified, bvn_hash, bvn_last4)
         values ($1, 'Adaeze', 'Okonkwo', $2, 'x', $3, $4, $5, $6, $7, $8)`,
        [
          id,
          `${id}@example.com`,
          id.slice(0, 8).toUpperCase(),
          values.status,
          values.role ?? 'user',
          values.kycVerified,
          values.kycVerified ? `hash-${id}` : null,
          values.kycVerified ? '1234' : null,
        ],
      );
    };
    await seed(sellers.verified, { kycVerified: true, status: 'active' });
    await seed(sellers.suspendedVerified, { kycVerified: true, status: 'suspended' });
    await seed(sellers.unverified, { kycVerified: false, status: 'active' });
    await seed(sellers.deletedVerified, { kycVerified: true, status: 'deleted' });
    await seed(sellers.verifiedOperator, { kycVerified: true, status: 'active', role: 'operator' });

    await applyMigrations(db, MIGRATIONS);

    const tiers = await pool.query<{ id: string; kyc_tier: number }>(
      'select id, kyc_tier from users',
    );
    expect(Object.fromEntries(tiers.rows.map((row) => [row.id, row.kyc_tier]))).toEqual({
      [sellers.verified]: 1,
      [sellers.suspendedVerified]: 1,
      [sellers.unverified]: 0,
      [sellers.deletedVerified]: 1,
      [sellers.verifiedOperator]: 1,
    });
    const owed = await pool.query<{ user_id: string }>('select user_id from kyc_tier_notices');
    expect(owed.rows.map((row) => row.user_id).sort()).toEqual(
      [sellers.verified, sellers.suspendedVerified].sort(),
    );

    // Applying the migrations again (every start does) changes nothing.
    await applyMigrations(db, MIGRATIONS);
    expect((await pool.query('select count(*)::int as n from kyc_tier_notices')).rows[0]).toEqual({
      n: 2,
    });
  });
});
