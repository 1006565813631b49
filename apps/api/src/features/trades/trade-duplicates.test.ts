import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerProfile } from '@karta/shared/schemas/sellers-desk';
import type { AdminTrade, Trade } from '@karta/shared/schemas/trades';
import { tradeCodeHashes, tradePhotoHashes } from '../../db/schema/trade-duplicates';
import { bodyOf, signedInUser, type Paged, type Session } from '../../../test/accounts';
import { asJpeg, cardShot, resizedAndReencoded } from '../../../test/card-shots';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { addTrade, respondToTrade, reviewStep, tradableSubcategory } from '../../../test/trades';
import { PHOTO_MATCH_BITS } from './photo-hash';

let t: TestApp;
let operator: Session;
let subcategoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db, 'operator');
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
});
afterAll(() => t.close());

async function sell(seller: Session, comment: string, photo: Buffer): Promise<Trade> {
  const fields = { subcategory_id: subcategoryId, amount: '100', ...(comment && { comment }) };
  const response = await addTrade(t.app, seller, fields, [asJpeg(photo)]);
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf<Trade>(response).data;
}

async function deskView(tradeId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/trades/${tradeId}`,
    headers: { authorization: operator.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<AdminTrade>(response).data;
}

const shot = (
  code: string,
  hue: number,
  place: { dx?: number; dy?: number; angle?: number } = {},
) => cardShot({ brand: 'Amazon', code, hue, ...place });

describe('the same e-code, typed another way by another seller', () => {
  it('links the new trade to the earlier one, and the earlier one to the new', async () => {
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    const earlier = await sell(first, 'Code: X7K2-9PQR-44LM-ZZ81, thanks', await shot('X7K2', 30));
    // Another seller, another photo (a different card design), the code in lower case with spaces.
    const later = await sell(
      second,
      'pls approve fast\nx7k2 9pqr 44lm zz81',
      await shot('Q1W2', 200, { dx: 100, dy: -60, angle: 8 }),
    );

    const view = await deskView(later.id);
    expect(view.duplicates).toEqual([
      {
        trade: {
          id: earlier.id,
          reference: earlier.reference,
          status: 'pending',
          created_at: earlier.created_at,
          seller: {
            id: first.user.id,
            first_name: first.user.first_name,
            last_name: first.user.last_name,
          },
        },
        match: 'code',
        distance: null,
        is_earlier: true,
      },
    ]);
    const earlierView = await deskView(earlier.id);
    expect(earlierView.duplicates).toMatchObject([
      { trade: { id: later.id, reference: later.reference }, match: 'code', is_earlier: false },
    ]);

    // Written together, with nothing between the groups, it is still the same code.
    const third = await sell(
      await signedInUser(t.app),
      'X7K29PQR44LMZZ81',
      await shot('Z', 300, { angle: -12 }),
    );
    expect((await deskView(third.id)).duplicates.map((d) => d.trade.id).sort()).toEqual(
      [earlier.id, later.id].sort(),
    );
  });

  it('keeps only a keyed hash of the code, never the code', async () => {
    const seller = await signedInUser(t.app);
    await sell(seller, 'PL4Y-88QW-1234-ABCD', await shot('PL4Y', 120, { dy: 70 }));
    const stored = await t.db.select().from(tradeCodeHashes);
    const text = JSON.stringify(stored);
    expect(text).not.toMatch(/PL4Y|88QW|pl4y/i);
    expect(stored.every((row) => /^[\w-]{43}$/.test(row.codeHash))).toBe(true);
    expect(t.logs.join('\n')).not.toMatch(/88QW/);
  });
});

describe('the same photo, re-encoded and resized', () => {
  it('is flagged as a similar photo, with how many bits apart', async () => {
    const original = await shot('B8Y3-1QQR-77ZZ', 260, { dx: -40, dy: 30, angle: -3 });
    const earlier = await sell(await signedInUser(t.app), '', original);
    const later = await sell(
      await signedInUser(t.app),
      'first time selling',
      await resizedAndReencoded(original),
    );

    const [duplicate, ...others] = (await deskView(later.id)).duplicates;
    expect(others).toEqual([]);
    expect(duplicate).toMatchObject({
      trade: { id: earlier.id },
      match: 'photo',
      is_earlier: true,
    });
    expect(duplicate?.distance).toBeLessThanOrEqual(PHOTO_MATCH_BITS);
  });

  it('does not flag a different card, nor the photos of one trade against each other', async () => {
    const seller = await signedInUser(t.app);
    const response = await addTrade(
      t.app,
      seller,
      { subcategory_id: subcategoryId, amount: '50', comment: 'HJ9C-7HPR-F3R2-0000' },
      [
        asJpeg(
          await cardShot({ brand: 'iTunes', code: 'HJ9C', hue: 200, dx: 20, dy: 10, angle: 2 }),
        ),
        asJpeg(
          await cardShot({ brand: 'iTunes', code: 'HJ9C', hue: 200, dx: 20, dy: 10, angle: 2 }),
        ),
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    const trade = bodyOf<Trade>(response).data;
    expect((await deskView(trade.id)).duplicates).toEqual([]);
    const hashes = await t.db.select().from(tradePhotoHashes);
    expect(hashes.filter((row) => row.tradeId === trade.id)).toHaveLength(2);
  });
});

describe('a card sent again in an answer to our question', () => {
  it('checks the answer’s photos and words against other trades, as at submission', async () => {
    const card = await shot('M4N5-P6Q7-R8S9', 120, { dx: 30, dy: -20, angle: 4 });
    const earlier = await sell(await signedInUser(t.app), 'code M4N5-P6Q7-R8S9', card);
    const seller = await signedInUser(t.app);
    const asked = await sell(seller, '', await shot('Z1Z1', 330, { dx: -90, dy: 70, angle: -9 }));
    expect((await deskView(asked.id)).duplicates).toEqual([]);

    const question = await reviewStep(t.app, operator, asked.id, 'request_info', {
      message: 'Please send a clearer photo.',
    });
    expect(question.statusCode, question.body).toBe(200);
    const answer = await respondToTrade(
      t.app,
      seller,
      { trade_id: asked.id, comment: 'here: m4n5 p6q7 r8s9' },
      [asJpeg(await resizedAndReencoded(card))],
    );
    expect(answer.statusCode, answer.body).toBe(200);

    const matches = (await deskView(asked.id)).duplicates.map((link) => [
      link.trade.id,
      link.match,
    ]);
    // Both the code and the photo match it: one row, as the same code (the stronger match).
    expect(matches).toEqual([[earlier.id, 'code']]);
  });
});

describe('where operators see it', () => {
  it('the queue carries the links, and the seller page counts the seller’s look-alike trades', async () => {
    const honest = await signedInUser(t.app);
    const reseller = await signedInUser(t.app);
    const photo = await shot('SEPH-0001-9999', 320, { dy: 80, angle: -10 });
    const earlier = await sell(honest, '', photo);
    const later = await sell(reseller, '', await resizedAndReencoded(photo));

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/trades?status=pending&size=50',
      headers: { authorization: operator.token },
    });
    const rows = bodyOf<Paged<AdminTrade>>(queue).data.data;
    expect(rows.find((row) => row.id === later.id)?.duplicates).toMatchObject([
      { trade: { id: earlier.id }, is_earlier: true },
    ]);

    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${reseller.user.id}`,
      headers: { authorization: operator.token },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(bodyOf<SellerProfile>(profile).data.flags.duplicate_cards).toBe(1);
    const clean = await signedInUser(t.app);
    await sell(
      clean,
      '',
      await cardShot({ brand: 'Steam', code: 'AAQ3', hue: 90, dx: -80, dy: 50, angle: -6 }),
    );
    const cleanProfile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${clean.user.id}`,
      headers: { authorization: operator.token },
    });
    expect(bodyOf<SellerProfile>(cleanProfile).data.flags.duplicate_cards).toBe(0);
  });
});

describe('one other trade, one row', () => {
  it('lists a trade with the same code and the same photo once, as the same code', async () => {
    // Last in the file, on a card of its own: its trades match no other test's.
    const photo = await cardShot({ brand: 'Steam', code: 'R5T6', hue: 120 });
    const earlier = await sell(await signedInUser(t.app), 'Code: R5T6-8UJK-21PO-QW34', photo);
    const later = await sell(await signedInUser(t.app), 'R5T6-8UJK-21PO-QW34', photo);
    const { duplicates } = await deskView(later.id);
    // (Other tests' card photos may look alike too: only this pair is about one row.)
    const rows = duplicates.filter((each) => each.trade.id === earlier.id);
    expect(rows.map((each) => each.match)).toEqual(['code']);
  });
});
