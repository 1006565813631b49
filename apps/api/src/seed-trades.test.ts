import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades } from './db/schema/trades';
import { findUserByEmail } from './lib/users';
import { seedCatalog } from './features/catalog/catalog-seed';
import { getUserBalances } from './features/ledger/ledger.service';
import { createTestApp, type TestApp } from './test/create-test-app';
import { expectLedgerConsistent } from './test/ledger';
import { DEMO_USER, seedDemoData } from './seed';
import { DEMO_OPERATOR, seedDemoTrades } from './seed-trades';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo trades', () => {
  it('gives the demo account one approved, one rejected and one pending trade, once', async () => {
    await seedDemoData(t.app.ctx);
    await seedCatalog(t.app.ctx);
    await seedDemoTrades(t.app.ctx);
    await seedDemoTrades(t.app.ctx);

    const demo = await findUserByEmail(t.db, DEMO_USER.email);
    const rows = await t.db
      .select()
      .from(trades)
      .where(eq(trades.userId, demo?.id ?? ''));
    expect(rows.map((row) => row.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    const approved = rows.find((row) => row.status === 'approved');
    const { availableKobo } = await getUserBalances(t.db, demo?.id ?? '');
    expect(availableKobo).toBe(approved?.finalKobo);
    expect((await findUserByEmail(t.db, DEMO_OPERATOR.email))?.role).toBe('operator');
    await expectLedgerConsistent(t.db);
  });
});
