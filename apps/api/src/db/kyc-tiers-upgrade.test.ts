import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT } from '../config';
import { connectDatabase } from './client';
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
const name = `test_${randomUUID().replaceAll('-', '')}`;
const folder = mkdtempSync(path.join(tmpdir(), 'karta-migrations-'));
let database: ReturnType<typeof connectDatabase> | undefined;

afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before this release: every migration up to 0035. */
function migrationsBeforeTheTiers(): string {
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag.startsWith(LAST_BEFORE_THE_TIERS));
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('the upgrade to KYC tiers', () => {
  it('moves BVN-verified sellers to tier 1 and owes each living one a mail', async () => {
    const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template template0`);
    } finally {
      await admin.end();
    }
    database = connectDatabase(`${serverUrl}/${name}`, 3, () => undefined);
    const { db, pool } = database;
    await applyMigrations(db, migrationsBeforeTheTiers());

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
