import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Trade } from '@karta/shared/schemas/trades';
import { signedInUser, type Session, bodyOf, type Paged } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectTradeCountsConsistent } from '../../../test/ledger';
import { tradableSubcategory } from '../../../test/trades';

/**
 * The history's paging (decision 047): a page is read from the nearer end of the user's index, so
 * the last pages walk backwards. Every page of every size must still be the same slice of the
 * newest-first order, ties on created_at broken by id, with the same totals.
 */
let t: TestApp;
let seller: Session;
/** The seller's trade ids, newest first (created_at desc, id desc), and each one's status. */
let newestFirst: { id: string; status: string }[];

const TRADES = 11;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInUser(t.app);
  const { subcategory } = await tradableSubcategory(t.db);
  // Statuses in turn; trades 4 and 5 (and 8 and 9) share a moment, so the id decides.
  await t.db.execute(sql`
    insert into trades (reference, user_id, gift_card_id, subcategory_id, amount, currency,
                        rate_kobo, expected_kobo, final_kobo, status, device, created_at,
                        reviewed_at, cancelled_at)
    select 'KP-' || lpad(n::text, 8, '0'), ${seller.user.id}, ${subcategory.giftCardId},
           ${subcategory.id}, 10 + n, 'USD', 118000, 118000 * (10 + n),
           case when n % 3 = 1 then 118000 * (10 + n) end,
           (array['pending', 'approved', 'cancelled'])[1 + n % 3]::trade_status, 'web',
           timestamptz '2026-01-01 00:00:00+00' + (n - (n in (5, 9))::int) * interval '1 hour',
           case when n % 3 = 1 then now() end, case when n % 3 = 2 then now() end
      from generate_series(1, ${TRADES}) as n`);
  const rows = await t.db.execute<{ id: string; status: string }>(sql`
    select id, status from trades where user_id = ${seller.user.id}
     order by created_at desc, id desc`);
  newestFirst = rows.rows;
});
afterEach(() => expectTradeCountsConsistent(t.db));
afterAll(() => t.close());

const fetchPage = async (query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/trade/fetch_trade/${seller.user.id}?${query}`,
    headers: { authorization: seller.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<Paged<Trade>>(response).data;
};

/** Every page of every size, walked from either end, is its slice of the newest-first list. */
async function expectEveryPage(expected: { id: string }[], filter = '') {
  for (const size of [1, 2, 3, 4, 5, 10, 11, 12]) {
    const totalPages = Math.ceil(expected.length / size);
    for (let page = 1; page <= totalPages + 1; page += 1) {
      const { data, meta } = await fetchPage(`page=${String(page)}&size=${String(size)}${filter}`);
      const slice = expected.slice((page - 1) * size, page * size).map((row) => row.id);
      expect(
        data.map((trade) => trade.id),
        `page ${String(page)} of size ${String(size)}${filter}`,
      ).toEqual(slice);
      expect(meta).toEqual({ page, size, total: expected.length, totalPages });
    }
  }
}

describe('GET /trade/fetch_trade/{user_id} paging', () => {
  it('gives every page, near either end and past it, in newest-first order', async () => {
    expect(newestFirst).toHaveLength(TRADES);
    await expectEveryPage(newestFirst);
  });

  it('does the same within one status', async () => {
    for (const status of ['pending', 'approved', 'cancelled']) {
      const expected = newestFirst.filter((row) => row.status === status);
      expect(expected.length).toBeGreaterThan(0);
      await expectEveryPage(expected, `&status=${status}`);
    }
    const none = await fetchPage('page=1&size=10&status=rejected');
    expect(none).toEqual({ data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } });
  });

  it('answers an empty first page for a user with no trades', async () => {
    const fresh = await signedInUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/trade/fetch_trade/${fresh.user.id}?page=3&size=10`,
      headers: { authorization: fresh.token },
    });
    expect(bodyOf<Paged<Trade>>(response).data).toEqual({
      data: [],
      meta: { page: 3, size: 10, total: 0, totalPages: 0 },
    });
  });
});
