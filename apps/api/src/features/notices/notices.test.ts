import type { NoticeList } from '@karta/shared/schemas/notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, signedInUser, type Session } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { recordNotice } from './notices.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const noticesOf = (session: Session, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/notices/${session.user.id}${query}`,
    headers: { authorization: session.token },
  });

const openBell = (session: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/user/read_notices/${session.user.id}`,
    headers: { authorization: session.token },
  });

async function tell(session: Session, title: string, minutesAgo: number) {
  await t.db.transaction((tx) =>
    recordNotice(tx, {
      userId: session.user.id,
      kind: 'trade_approved',
      title,
      body: `${title}, in words.`,
      link: '/dashboard/transaction-history/trades/1',
      at: new Date(t.clock.now().getTime() - minutesAgo * 60_000),
    }),
  );
}

describe('notices (the bell)', () => {
  it('lists a new seller’s empty bell', async () => {
    const seller = await signedInUser(t.app);
    const list = bodyOf<NoticeList>(await noticesOf(seller)).data;
    expect(list).toEqual({
      data: [],
      meta: { page: 1, size: 10, total: 0, totalPages: 0 },
      unread_count: 0,
    });
  });

  it('lists newest first with the unread count, and opening the bell reads them all', async () => {
    const seller = await signedInUser(t.app);
    await tell(seller, 'Older', 10);
    await tell(seller, 'Newer', 1);
    const before = bodyOf<NoticeList>(await noticesOf(seller)).data;
    expect(before.data.map((n) => [n.title, n.is_read])).toEqual([
      ['Newer', false],
      ['Older', false],
    ]);
    expect(before.data[0]).toMatchObject({
      kind: 'trade_approved',
      body: 'Newer, in words.',
      link: '/dashboard/transaction-history/trades/1',
    });
    expect(before.unread_count).toBe(2);

    // Listing alone reads nothing: the header polls the count.
    expect(bodyOf<NoticeList>(await noticesOf(seller)).data.unread_count).toBe(2);

    expect((await openBell(seller)).statusCode).toBe(200);
    const after = bodyOf<NoticeList>(await noticesOf(seller)).data;
    expect(after.unread_count).toBe(0);
    expect(after.data.every((n) => n.is_read)).toBe(true);

    await tell(seller, 'Latest', 0);
    expect(bodyOf<NoticeList>(await noticesOf(seller)).data.unread_count).toBe(1);
  });

  it('pages, and counts unread notices beyond the page', async () => {
    const seller = await signedInUser(t.app);
    for (let i = 0; i < 3; i += 1) await tell(seller, `Notice ${String(i)}`, 10 - i);
    const page = bodyOf<NoticeList>(await noticesOf(seller, '?page=2&size=2')).data;
    expect(page.data.map((n) => n.title)).toEqual(['Notice 0']);
    expect(page.meta).toEqual({ page: 2, size: 2, total: 3, totalPages: 2 });
    expect(page.unread_count).toBe(3);
  });

  it('refuses another user’s bell, and reads nothing of theirs', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    await tell(owner, 'Private', 1);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/notices/${owner.user.id}`,
      headers: { authorization: other.token },
    });
    expect(peek.statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/read_notices/${owner.user.id}`,
      headers: { authorization: other.token },
    });
    expect(read.statusCode).toBe(403);
    expect(bodyOf<NoticeList>(await noticesOf(owner)).data.unread_count).toBe(1);
    expect(bodyOf<NoticeList>(await noticesOf(other)).data.data).toEqual([]);
  });
});
