import { sql } from 'drizzle-orm';
import type { NoticeList } from '@karta/shared/schemas/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { sellerView, submitTrade, tradableSubcategory } from '../../../test/trades';
import { creditApprovedTrade } from './trade-credit';
import { lockTrade } from './trades.repository';

/**
 * The approval's notice is written in the approval's transaction (decision 040): when anything
 * after it fails, the credit and the notice go together.
 */

let t: TestApp;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
});
afterAll(() => t.close());

const bellOf = async (session: Session) =>
  bodyOf<NoticeList>(
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/notices/${session.user.id}`,
      headers: { authorization: session.token },
    }),
  ).data;

describe('trade notices and their transaction', () => {
  it('leaves no notice when the approval is rolled back after the credit', async () => {
    const seller = await signedInUser(t.app);
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, seller, subcategory.id, 100);

    const failure = new Error('something after the credit failed');
    await expect(
      t.db.transaction(async (tx) => {
        const row = await lockTrade(tx, trade.id);
        if (!row) throw new Error('no trade');
        await creditApprovedTrade(t.app.ctx, tx, {
          trade: row,
          actor: { userId: operator.user.id, ip: '127.0.0.1' },
          finalKobo: row.expectedKobo,
          note: null,
          reviewedByUserId: operator.user.id,
          now: t.clock.now(),
          audit: { action: 'trade.approve' },
        });
        // Inside the transaction the notice is there, with the credit.
        const inside = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from notices where user_id = ${seller.user.id}`,
        );
        expect(inside.rows[0]?.n).toBe(1);
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await bellOf(seller)).toMatchObject({ data: [], unread_count: 0 });
    expect((await sellerView(t.app, seller, trade.id)).status).toBe('pending');
  });
});
