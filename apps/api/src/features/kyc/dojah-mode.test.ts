import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { bodyOf, currentUser, post, signedInUser, type Session } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  DOJAH_APP_ID,
  DOJAH_SECRET_KEY,
  DOJAH_TEST_BVN,
  DOJAH_TEST_NIN,
  startFakeDojah,
} from '../../../test/fake-dojah';
import type { KycState } from '@karta/shared/schemas/kyc';

/** A NIN the fake register holds for someone else. */
const OTHER_NIN = '70123456700';
/** The holder's BVN for the NIN test (DOJAH_TEST_BVN is verified on the first test's account). */
const NIN_HOLDER_BVN = '22222222224';

const HOLDER = { first_name: 'Adaeze', last_name: 'Okonkwo', date_of_birth: '1994-07-21' };
const DOJAH_ENV = {
  IDENTITY_PROVIDER: 'dojah',
  DOJAH_APP_ID,
  DOJAH_SECRET_KEY,
};
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(48),
  DATABASE_URL: 'postgres://localhost:5432/karta',
  SMTP_URL: 'smtp://127.0.0.1:1',
  PAYOUT_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: 'sk_test_karta_dojah_mode_0001',
};

describe('IDENTITY_PROVIDER=dojah', () => {
  let dojah: Awaited<ReturnType<typeof startFakeDojah>>;
  let t: TestApp;
  beforeAll(async () => {
    const bvnRecord = {
      firstName: HOLDER.first_name,
      lastName: HOLDER.last_name,
      dateOfBirth: HOLDER.date_of_birth,
    };
    dojah = await startFakeDojah(
      new Map([
        [NIN_HOLDER_BVN, bvnRecord],
        [
          DOJAH_TEST_BVN,
          {
            firstName: HOLDER.first_name,
            lastName: HOLDER.last_name,
            dateOfBirth: HOLDER.date_of_birth,
          },
        ],
      ]),
      new Map([
        [
          DOJAH_TEST_NIN,
          {
            first_name: HOLDER.last_name.toUpperCase(),
            middle_name: 'Chinwe',
            last_name: HOLDER.first_name.toUpperCase(),
            date_of_birth: HOLDER.date_of_birth,
          },
        ],
        [
          OTHER_NIN,
          {
            first_name: 'Tunde',
            middle_name: '',
            last_name: 'Bakare',
            date_of_birth: HOLDER.date_of_birth,
          },
        ],
      ]),
    );
    t = await createTestApp({ env: { ...DOJAH_ENV, DOJAH_BASE_URL: dojah.url } });
  });
  afterEach(() => {
    dojah.reset();
  });
  afterAll(async () => {
    await t.close();
    await dojah.close();
  });

  const verify = (session: Session, bvn = DOJAH_TEST_BVN) =>
    post(t.app, `/user/verify_kyc/${session.user.id}`, { bvn }, { authorization: session.token });
  const isVerified = async (session: Session) =>
    bodyOf<{ kyc_verified: boolean }>(await currentUser(t.app, session.token)).data.kyc_verified;

  it('needs its keys, and is what production checks BVNs with; without it production has none', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', IDENTITY_PROVIDER: 'dojah' })).toThrow(
      'DOJAH_APP_ID and DOJAH_SECRET_KEY are required when IDENTITY_PROVIDER=dojah',
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', IDENTITY_PROVIDER: 'dojah', DOJAH_APP_ID }),
    ).toThrow('DOJAH_APP_ID and DOJAH_SECRET_KEY are required when IDENTITY_PROVIDER=dojah');
    expect(loadConfig({ ...PRODUCTION, ...DOJAH_ENV }).identity).toEqual({
      provider: 'dojah',
      appId: DOJAH_APP_ID,
      secretKey: DOJAH_SECRET_KEY,
      baseUrl: 'https://api.dojah.io',
    });
    expect(loadConfig(PRODUCTION).identity).toEqual({ provider: 'unavailable' });
    expect(() => loadConfig({ ...PRODUCTION, IDENTITY_PROVIDER: 'sandbox' })).toThrow(
      'IDENTITY_PROVIDER=sandbox is not allowed in production; use dojah',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).identity).toEqual({ provider: 'sandbox' });
  });

  it('verifies a BVN whose record matches the account’s own names and date of birth', async () => {
    const holder = await signedInUser(t.app, HOLDER);

    const response = await verify(holder);

    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response).data).toEqual({ kyc_verified: true, bvn_last4: '2222' });
    expect(await isVerified(holder)).toBe(true);
    expect(t.app.ctx.identity.name).toBe('dojah');
    const [request] = dojah.requests;
    expect(request?.query.get('first_name')).toBe(HOLDER.first_name);
    expect(request?.query.get('last_name')).toBe(HOLDER.last_name);
    expect(request?.query.get('dob')).toBe(HOLDER.date_of_birth);
  });

  it.each([
    [{ last_name: 'Eze' }, 'This BVN does not match your last name.'],
    [{ date_of_birth: '1994-07-12' }, 'This BVN does not match your date of birth.'],
    [
      { first_name: 'Tunde', date_of_birth: '1990-01-01' },
      'This BVN does not match your first name and date of birth.',
    ],
  ])('says which part does not match (%o), and verifies nothing', async (change, message) => {
    const other = await signedInUser(t.app, { ...HOLDER, ...change });

    const response = await verify(other);

    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({ field: 'bvn', message });
    expect(response.body).not.toContain(HOLDER.last_name);
    expect(await isVerified(other)).toBe(false);
  });

  it('tells the user a BVN Dojah does not know is not valid', async () => {
    const holder = await signedInUser(t.app, HOLDER);
    const response = await verify(holder, '22222222229');
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response).errors[0]).toEqual({
      field: 'bvn',
      message: 'This BVN is not valid or could not be found. Check its 11 digits.',
    });
  });

  it.each([
    [503, 'Dojah is failing'],
    [402, 'out of credit'],
  ])(
    'answers 503 while Dojah answers %i, logs why, and leaves the user unverified',
    async (status, reason) => {
      const holder = await signedInUser(t.app, HOLDER);
      dojah.failWith(status);

      const response = await verify(holder);

      expect(response.statusCode).toBe(503);
      expect(bodyOf(response).errors[0]).toEqual({
        field: 'bvn',
        message: 'BVN verification is not available right now. Please contact support.',
      });
      expect(await isVerified(holder)).toBe(false);
      expect(t.logs.some((line) => line.includes(`HTTP ${status}`) && line.includes(reason))).toBe(
        true,
      );
    },
  );

  it('looks the NIN up in Dojah’s register and raises the tier when its holder is the BVN’s', async () => {
    const session = await signedInUser(t.app, HOLDER);
    expect((await verify(session, NIN_HOLDER_BVN)).statusCode).toBe(200);
    dojah.reset();
    const verifyNin = (nin: string) =>
      post(
        t.app,
        `/user/verify_nin/${session.user.id}`,
        { nin },
        {
          authorization: session.token,
        },
      );

    const someoneElse = await verifyNin(OTHER_NIN);
    expect(someoneElse.statusCode).toBe(400);
    expect(bodyOf(someoneElse).errors[0]?.message).toBe(
      'The name on this NIN is not the name on your verified BVN.',
    );
    dojah.failWith(424);
    expect((await verifyNin(DOJAH_TEST_NIN)).statusCode).toBe(503);
    dojah.reset();

    const ok = await verifyNin(DOJAH_TEST_NIN);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(bodyOf<{ nin_last4: string; kyc: KycState }>(ok).data).toMatchObject({
      nin_last4: '6789',
      kyc: { tier: 2 },
    });
    expect(dojah.requests.map((request) => request.path)).toEqual(['/api/v1/kyc/nin']);
  });
});
