import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import { bodyOf, PASSWORD, registration, signedInUser, type Session } from '../../test/accounts';
import { insertCard, signedInOperator } from '../../test/catalog';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { databaseFingerprint } from '../../test/database-fingerprint';
import { cardPhoto, multipart, submitTrade, tradableSubcategory } from '../../test/trades';

const NUL = '\u0000';
/** A lone high surrogate: not text PostgreSQL (or UTF-8) can hold. */
const LONE_SURROGATE = '\ud800';

let t: TestApp;
let user: Session;
let operator: Session;
let subcategoryId: string;
let cardId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.app);
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
  cardId = (await insertCard(t.db, { name: 'Steam' })).id;
});
afterAll(() => t.close());

const json = (url: string, payload: Record<string, unknown>, session?: Session) =>
  ({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: session ? { authorization: session.token } : {},
  }) satisfies InjectOptions;

interface Case {
  name: string;
  field: string;
  request: (bad: string) => Promise<InjectOptions> | InjectOptions;
}

const email = (bad: string) => `ada${bad}@example.com`;

const cases: Case[] = [
  {
    name: 'login e-mail',
    field: 'email',
    request: (bad) => json('/auth/login', { email: email(bad), password: PASSWORD }),
  },
  {
    name: 'forgot password e-mail',
    field: 'email',
    request: (bad) => json('/auth/forgot_password', { email: email(bad) }),
  },
  {
    name: 'reset password e-mail',
    field: 'email',
    request: (bad) =>
      json('/auth/reset_password', {
        email: email(bad),
        otp: '123456',
        new_password: PASSWORD,
        verify_new_password: PASSWORD,
      }),
  },
  {
    name: 'reactivate e-mail',
    field: 'email',
    request: (bad) => json('/user/reactivate_account', { email: email(bad), password: PASSWORD }),
  },
  {
    name: 'confirm e-mail',
    field: 'email',
    request: (bad) =>
      json('/auth/account_otp_verification', {
        email: email(bad),
        otp: '123456',
        password: PASSWORD,
      }),
  },
  {
    name: 'request_otp e-mail (query)',
    field: 'email',
    request: (bad) => ({
      method: 'GET',
      url: `/api/v1/user/request_otp?email=${encodeURIComponent(email(bad))}`,
    }),
  },
  ...(['first_name', 'last_name', 'email', 'referral_code'] as const).map((field) => ({
    name: `register ${field}`,
    field,
    request: (bad: string) => {
      const payload = registration();
      return json('/auth/register', {
        ...payload,
        [field]: field === 'referral_code' ? `AB${bad}CD` : `${payload[field]}${bad}`,
      });
    },
  })),
  {
    name: 'trade comment (multipart)',
    field: 'comment',
    request: async (bad) => {
      const body = multipart(
        { subcategory_id: subcategoryId, amount: '100', comment: `Fresh card${bad}` },
        [await cardPhoto(64, 40)],
      );
      return {
        method: 'POST',
        url: '/api/v1/trade/add_trade',
        payload: body.payload,
        headers: { ...body.headers, authorization: user.token },
      };
    },
  },
  {
    name: 'approve note',
    field: 'note',
    request: async (bad) => {
      const trade = await submitTrade(t.app, user, subcategoryId);
      return json(`/admin/trades/${trade.id}/approve`, { note: `ok${bad}` }, operator);
    },
  },
  {
    name: 'reject note',
    field: 'note',
    request: async (bad) => {
      const trade = await submitTrade(t.app, user, subcategoryId);
      return json(
        `/admin/trades/${trade.id}/reject`,
        { reason: 'other', note: `no${bad}` },
        operator,
      );
    },
  },
  {
    name: 'new card name',
    field: 'name',
    request: (bad) =>
      json('/admin/catalog/cards', { name: `Apple${bad}`, brand_colour: '#112233' }, operator),
  },
  {
    name: 'card name change',
    field: 'name',
    request: (bad) => ({
      ...json(`/admin/catalog/cards/${cardId}`, { name: `Steam${bad}` }, operator),
      method: 'PATCH',
    }),
  },
  {
    name: 'card_name search (query)',
    field: 'card_name',
    request: (bad) => ({
      method: 'GET',
      url: `/api/v1/card/admin_get_gift_card?card_name=${encodeURIComponent(`Am${bad}`)}`,
    }),
  },
  {
    name: 'a path parameter',
    field: 'catId',
    request: (bad) => ({
      method: 'GET',
      url: `/api/v1/card/get_gift_card_category/${encodeURIComponent(`x${bad}`)}`,
    }),
  },
];

describe('text PostgreSQL cannot store is refused with 400 before anything runs', () => {
  it.each(cases)('a NUL byte in the $name', async ({ field, request }) => {
    const options = await request(NUL);
    const before = await databaseFingerprint(t.db);
    const response = await t.app.inject(options);
    expect(response.statusCode, response.body).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({ field, message: MESSAGES.TEXT_NOT_ALLOWED });
    expect(await databaseFingerprint(t.db)).toEqual(before);
  });

  // JSON can carry a lone surrogate (`"\ud800"`); multipart and URLs are bytes, where broken
  // UTF-8 decodes to U+FFFD, so only the NUL byte matters there.
  it.each(cases.filter((each) => !/multipart|query|path/.test(each.name)))(
    'a lone surrogate in the $name',
    async ({ field, request }) => {
      const options = await request(LONE_SURROGATE);
      const before = await databaseFingerprint(t.db);
      const response = await t.app.inject(options);
      expect(response.statusCode, response.body).toBe(400);
      expect(bodyOf(response).errors[0]).toEqual({ field, message: MESSAGES.TEXT_NOT_ALLOWED });
      expect(await databaseFingerprint(t.db)).toEqual(before);
    },
  );

  it('names the field of a NUL deep inside a body, and ignores NUL-free text', async () => {
    const response = await t.app.inject(
      json(
        '/admin/catalog/rates',
        {
          rates: [
            { id: 'a', rate: 1 },
            { id: `b${NUL}`, rate: 2 },
          ],
        },
        operator,
      ),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({
      field: 'rates.1.id',
      message: MESSAGES.TEXT_NOT_ALLOWED,
    });
    // A surrogate pair (an emoji) is ordinary text.
    const fine = await t.app.inject(json('/auth/forgot_password', { email: `ada😀@example.com` }));
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
