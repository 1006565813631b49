import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bodyOf,
  currentUser,
  login,
  mailsTo,
  post,
  signedInUser,
  type Session,
} from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { databaseFingerprint } from '../../../test/database-fingerprint';
import {
  answerChallenge,
  auth,
  challengeFor,
  codeAt,
  nextCode,
  sessionOf,
  setUpTotp,
  signInWithCode,
  turnOnTotp,
} from '../../../test/two-factor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const twoFactorOf = async (session: Session) => {
  const response = await currentUser(t.app, session.token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ two_factor: unknown }>(response).data.two_factor;
};

const enable = (session: Session, code: string) =>
  post(t.app, `/user/two_factor/totp/enable/${session.user.id}`, { code }, auth(session));

const noticesOf = async (session: Session) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/notices/${session.user.id}`,
    headers: auth(session),
  });
  return bodyOf<{ data: { kind: string }[] }>(response).data.data.map((notice) => notice.kind);
};

/** What a refused code may change: the count of codes tried, and nothing else. */
const COUNTERS_ONLY = { rate_counters: true } as const;

describe('setting up an authenticator app', () => {
  it('answers a base32 secret, its otpauth URL for issuer Karta and a QR code; nothing is on until a code confirms it', async () => {
    const seller = await signedInUser(t.app);
    const setup = await setUpTotp(t.app, seller);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Karta:${seller.email}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      issuer: 'Karta',
      secret: setup.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(setup.qr_svg).toMatch(
      /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/,
    );
    expect(await twoFactorOf(seller)).toEqual({ totp: false, passkeys: 0, recovery_codes_left: 0 });
    // Still the password alone signs in.
    const signIn = await login(t.app, seller.email, seller.password);
    expect(bodyOf<{ token?: string }>(signIn)).toHaveProperty('token');
  });

  it('takes the password again: a wrong one is 401', async () => {
    const seller = await signedInUser(t.app);
    const response = await post(
      t.app,
      `/user/two_factor/totp/setup/${seller.user.id}`,
      { password: 'Wrong#Password1' },
      auth(seller),
    );
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong first code and changes nothing but the count of codes tried', async () => {
    const seller = await signedInUser(t.app);
    const { secret } = await setUpTotp(t.app, seller);
    const right = codeAt(secret, t.clock.now());
    const wrong = right === '000000' ? '000001' : '000000';
    const before = await databaseFingerprint(t.db, COUNTERS_ONLY);
    const response = await enable(seller, wrong);
    expect(response.statusCode).toBe(401);
    expect(bodyOf(response).errors[0]).toMatchObject({ field: 'code' });
    expect(await databaseFingerprint(t.db, COUNTERS_ONLY)).toEqual(before);
    expect(await twoFactorOf(seller)).toMatchObject({ totp: false });
  });

  it('turns on with the first code: ten single-use recovery codes, a mail and a notice', async () => {
    const seller = await signedInUser(t.app);
    const { recoveryCodes } = await turnOnTotp(t.app, t.clock, seller);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(await twoFactorOf(seller)).toEqual({ totp: true, passkeys: 0, recovery_codes_left: 10 });
    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toMatch(/two-step sign-in was turned on/i);
    expect(await noticesOf(seller)).toContain('two_factor_on');
    // Set up again while on: refused, so the app in use keeps working.
    const again = await post(
      t.app,
      `/user/two_factor/totp/setup/${seller.user.id}`,
      { password: seller.password },
      auth(seller),
    );
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again).code).toBe('ALREADY_EXISTS');
  });
});

describe('signing in with two-step sign-in on', () => {
  let seller: Session;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    seller = await signedInUser(t.app);
    ({ secret, recoveryCodes } = await turnOnTotp(t.app, t.clock, seller));
    const signOut = await post(t.app, '/auth/signout', {}, auth(seller));
    expect(signOut.statusCode).toBe(200);
  });
  // Each test its own fifteen minutes: ten codes tried per account is the throttle's budget.
  beforeEach(() => {
    t.clock.advance(15 * 60);
  });

  it('the password alone gets a challenge: no token and no cookie', async () => {
    const response = await login(t.app, seller.email, seller.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).not.toHaveProperty('token');
    expect(body.data).toEqual({
      two_factor_required: true,
      methods: ['totp', 'recovery_code'],
      challenge_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('a wrong password is still 401, and a challenge is never given for one', async () => {
    const response = await login(t.app, seller.email, 'Wrong#Password1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('data');
  });

  it('the code signs in, as a plain sign-in answers; the same code is refused after that', async () => {
    const code = nextCode(t.clock, secret);
    const first = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      code,
    });
    expect(first.statusCode, first.body).toBe(200);
    const session = sessionOf(first, seller);
    expect(session.user.id).toBe(seller.user.id);
    expect(first.json()).toMatchObject({ status: 'success', data: { email: seller.email } });
    expect((await currentUser(t.app, session.token)).statusCode).toBe(200);

    // Replayed within its window, on a fresh challenge: refused.
    const replay = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      code,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['set-cookie']).toBeUndefined();
    expect(replay.json()).not.toHaveProperty('token');
  });

  it('takes the code of the step before or after now (a phone 30 seconds out), not two away', async () => {
    t.clock.advance(90);
    const late = codeAt(secret, new Date(t.clock.now().getTime() - 30_000));
    const accepted = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      code: late,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    t.clock.advance(90);
    const tooOld = codeAt(secret, new Date(t.clock.now().getTime() - 60_000));
    const refused = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      code: tooOld,
    });
    expect(refused.statusCode).toBe(401);
  });

  it('five wrong codes end the challenge: the right code is refused on it after that', async () => {
    const challengeId = await challengeFor(t.app, seller);
    const right = nextCode(t.clock, secret);
    const wrong = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await answerChallenge(t.app, { challenge_id: challengeId, code: wrong });
      expect(response.statusCode).toBe(401);
    }
    const dead = await answerChallenge(t.app, { challenge_id: challengeId, code: right });
    expect(dead.statusCode).toBe(401);
    expect(bodyOf(dead).errors[0]).toMatchObject({ field: 'challenge_id' });
    expect(bodyOf(dead).message).toMatch(/sign in again/i);
    // A new sign-in with the same code works: the dead challenge did not spend it.
    const fresh = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      code: right,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('a challenge lives five minutes', async () => {
    const challengeId = await challengeFor(t.app, seller);
    t.clock.advance(5 * 60 + 1);
    const response = await answerChallenge(t.app, {
      challenge_id: challengeId,
      code: codeAt(secret, t.clock.now()),
    });
    expect(response.statusCode).toBe(401);
    expect(bodyOf(response).errors[0]).toMatchObject({ field: 'challenge_id' });
  });

  it('a recovery code signs in once: not twice, and one fewer is left; the owner is told', async () => {
    const [recoveryCode = ''] = recoveryCodes;
    const first = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      // Typed as people type: upper case, no hyphen.
      recovery_code: recoveryCode.replace('-', '').toUpperCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    const session = sessionOf(first, seller);
    expect(await twoFactorOf(session)).toEqual({
      totp: true,
      passkeys: 0,
      recovery_codes_left: 9,
    });
    const again = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      recovery_code: recoveryCode,
    });
    expect(again.statusCode).toBe(401);
    expect(bodyOf(again).errors[0]).toMatchObject({ field: 'recovery_code' });
    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toMatch(/recovery code was used/i);
    expect(await noticesOf(session)).toContain('recovery_code_used');
  });

  it('ten codes tried per account in fifteen minutes, over every challenge: the eleventh is 429, right or not', async () => {
    const wrong = (right: string) => (right === '000000' ? '000001' : '000000');
    for (let i = 0; i < 10; i += 1) {
      const response = await answerChallenge(t.app, {
        challenge_id: await challengeFor(t.app, seller),
        code: wrong(codeAt(secret, t.clock.now())),
      });
      expect(response.statusCode).toBe(401);
    }
    const right = await answerChallenge(t.app, {
      challenge_id: await challengeFor(t.app, seller),
      code: nextCode(t.clock, secret),
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the second step takes one code, not both and not neither', async () => {
    const challengeId = await challengeFor(t.app, seller);
    const both = await answerChallenge(t.app, {
      challenge_id: challengeId,
      code: '123456',
      recovery_code: 'abcde-fghjk',
    });
    expect(both.statusCode).toBe(400);
    const neither = await answerChallenge(t.app, { challenge_id: challengeId });
    expect(neither.statusCode).toBe(400);
  });
});

describe('turning two-step sign-in off', () => {
  it('takes the password and a code; a wrong code changes nothing; then the password alone signs in again, and the account is mailed', async () => {
    const seller = await signedInUser(t.app);
    const { secret, recoveryCodes } = await turnOnTotp(t.app, t.clock, seller);
    const session = await signInWithCode(t.app, t.clock, seller, secret);
    const disable = (body: Record<string, unknown>) =>
      post(t.app, `/user/two_factor/disable/${session.user.id}`, body, auth(session));

    const right = nextCode(t.clock, secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const before = await databaseFingerprint(t.db, COUNTERS_ONLY);
    expect((await disable({ password: seller.password, code: wrong })).statusCode).toBe(401);
    expect((await disable({ password: seller.password, code: 'zzzzz-zzzzz' })).statusCode).toBe(
      401,
    );
    expect(await databaseFingerprint(t.db, COUNTERS_ONLY)).toEqual(before);
    expect((await disable({ password: 'Wrong#Password1', code: right })).statusCode).toBe(401);

    // A recovery code does it too (the phone is lost).
    const off = await disable({ password: seller.password, code: recoveryCodes[3] });
    expect(off.statusCode, off.body).toBe(200);
    expect(await twoFactorOf(session)).toEqual({
      totp: false,
      passkeys: 0,
      recovery_codes_left: 0,
    });
    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toMatch(/two-step sign-in was turned off/i);
    expect(await noticesOf(session)).toContain('two_factor_off');
    const signIn = await login(t.app, seller.email, seller.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toHaveProperty('token');
  });
});
