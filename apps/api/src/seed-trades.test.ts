import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffList } from '@karta/shared/schemas/staff-desk';
import { trades } from './db/schema/trades';
import { findUserByEmail } from './lib/users';
import { ensureAdmin } from './features/accounts/admin-account.service';
import { seedCatalog } from './features/catalog/catalog-seed';
import { getUserBalances } from './features/ledger/ledger.service';
import { bodyOf, login } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { expectLedgerConsistent } from '../test/ledger';
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

describe('the demo’s two pairs of eyes (decision 049)', () => {
  it('lets an admin made on the server confirm the demo operator’s approval: neither invited the other', async () => {
    // A threshold of one kobo: the demo's approval waits for a second person.
    const demoApp = await createTestApp({ env: { FOUR_EYES_KOBO: '1' } });
    try {
      await seedDemoData(demoApp.app.ctx);
      await seedCatalog(demoApp.app.ctx);
      await seedDemoTrades(demoApp.app.ctx);
      const admin = { email: 'admin@karta.example', password: 'Lekki#Desk2026' };
      await ensureAdmin(demoApp.app.ctx, { ...admin, promoteExisting: true });
      const signIn = await login(demoApp.app, admin.email, admin.password);
      const token = signIn.json<{ token: string }>().token;

      const staff = await demoApp.app.inject({
        method: 'GET',
        url: '/api/v1/admin/staff',
        headers: { authorization: token },
      });
      const people = bodyOf<StaffList>(staff).data.data;
      for (const email of [admin.email, DEMO_OPERATOR.email]) {
        expect(people.find((member) => member.email === email)).toMatchObject({
          invitation: null,
          can_confirm_approvals: true,
        });
      }

      const demo = await findUserByEmail(demoApp.db, DEMO_USER.email);
      const [waiting] = await demoApp.db
        .select()
        .from(trades)
        .where(
          and(eq(trades.userId, demo?.id ?? ''), eq(trades.status, 'awaiting_second_approval')),
        );
      const confirmed = await demoApp.app.inject({
        method: 'POST',
        url: `/api/v1/admin/trades/${waiting?.id ?? ''}/confirm_approval`,
        headers: { authorization: token },
        payload: {},
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await expectLedgerConsistent(demoApp.db);
    } finally {
      await demoApp.close();
    }
  });
});
