import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  currentUser,
  login,
  mailsTo,
  post,
  refreshCookieOf,
  signedInUser,
  type Session,
} from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  addPasskeyFor,
  createPasskey,
  signWithPasskey,
  stepUpWithPasskey,
  type AssertionOptions,
  type SoftPasskey,
} from '../../../test/passkeys';
import {
  auth,
  codeAt,
  nextCode,
  sessionOf,
  signInWithCode,
  turnOnTotp,
} from '../../../test/two-factor';

/**
 * A passkey is a second factor (decision 062): an account with one has two-step sign-in on. Its
 * password alone does not sign in, its money moves ask for the passkey, and a staff account with
 * only a passkey may use the console under STAFF_TWO_FACTOR=required.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STAFF_TWO_FACTOR: 'required' } });
});
afterAll(() => t.close());

const STEP_UP_SECONDS = 5 * 60;

interface PasskeyChallenge {
  two_factor_required: true;
  methods: string[];
  challenge_id: string;
  passkey_options?: AssertionOptions;
}

/** A seller with one passkey and no authenticator app, signed in long enough ago to be stale. */
async function sellerWithPasskeyOnly(): Promise<{ seller: Session; passkey: SoftPasskey }> {
  const seller = await signedInUser(t.app);
  const passkey = await addPasskeyFor(t.app, seller);
  t.clock.advance(STEP_UP_SECONDS + 1);
  return { seller, passkey };
}

async function passwordStep(session: Session): Promise<PasskeyChallenge> {
  const response = await login(t.app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).not.toHaveProperty('token');
  expect(refreshCookieOf(response)).toBeUndefined();
  return bodyOf<PasskeyChallenge>(response).data;
}

const answerWithPasskey = (challengeId: string, passkey: unknown) =>
  post(t.app, '/auth/login/two_factor', { challenge_id: challengeId, passkey });

const setPin = (session: Session) =>
  post(
    t.app,
    `/user/update_pin/${session.user.id}`,
    { password: session.password, pin: '4829', verify_pin: '4829' },
    auth(session),
  );

describe('signing in with the password on an account that has a passkey', () => {
  it('asks for the passkey, naming the account’s own, and the passkey’s answer signs in, stepped up', async () => {
    const { seller, passkey } = await sellerWithPasskeyOnly();
    const challenge = await passwordStep(seller);
    expect(challenge.methods).toEqual(['passkey']);
    expect(challenge.passkey_options?.userVerification).toBe('required');
    expect(challenge.passkey_options?.allowCredentials?.map((c) => c.id)).toEqual([
      passkey.credentialId,
    ]);

    const response = await answerWithPasskey(
      challenge.challenge_id,
      signWithPasskey(passkey, challenge.passkey_options?.challenge ?? ''),
    );
    expect(response.statusCode, response.body).toBe(200);
    const session = sessionOf(response, seller);
    expect((await currentUser(t.app, session.token)).statusCode).toBe(200);
    // The passkey was just given: a money change needs no other for five minutes.
    expect((await setPin(session)).statusCode).toBe(200);
  });

  it('offers every method the account has: the app, its recovery codes and the passkey', async () => {
    const { seller } = await sellerWithPasskeyOnly();
    const { secret } = await turnOnTotp(t.app, t.clock, seller);
    const challenge = await passwordStep(seller);
    expect(challenge.methods).toEqual(['totp', 'recovery_code', 'passkey']);
    // Either answers the same challenge kind: here the app's code.
    const byCode = await post(t.app, '/auth/login/two_factor', {
      challenge_id: challenge.challenge_id,
      code: nextCode(t.clock, secret),
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
  });

  it('refuses another account’s passkey, an answer to other options, and a replay; nothing starts', async () => {
    const { seller, passkey } = await sellerWithPasskeyOnly();
    const { passkey: strangers } = await sellerWithPasskeyOnly();

    const first = await passwordStep(seller);
    const other = await answerWithPasskey(
      first.challenge_id,
      signWithPasskey(strangers, first.passkey_options?.challenge ?? ''),
    );
    expect(other.statusCode).toBe(401);
    expect(bodyOf(other).errors[0]).toMatchObject({ field: 'passkey' });
    expect(other.headers['set-cookie']).toBeUndefined();

    // The options above were spent by that wrong answer: the right passkey on them fails too.
    const spent = await answerWithPasskey(
      first.challenge_id,
      signWithPasskey(passkey, first.passkey_options?.challenge ?? ''),
    );
    expect(spent.statusCode).toBe(401);

    const second = await passwordStep(seller);
    const answer = signWithPasskey(passkey, second.passkey_options?.challenge ?? '');
    expect((await answerWithPasskey(second.challenge_id, answer)).statusCode).toBe(200);
    const third = await passwordStep(seller);
    const replay = await answerWithPasskey(third.challenge_id, answer);
    expect(replay.statusCode).toBe(401);
  });

  it('stops after five wrong answers: the challenge is over, the password is needed again', async () => {
    const { seller, passkey } = await sellerWithPasskeyOnly();
    const challenge = await passwordStep(seller);
    const stranger = createPasskey({ challenge: 'x', user: { id: seller.user.id } }).passkey;
    for (let i = 0; i < 5; i += 1) {
      const wrong = await answerWithPasskey(
        challenge.challenge_id,
        signWithPasskey(stranger, challenge.passkey_options?.challenge ?? ''),
      );
      expect(wrong.statusCode).toBe(401);
    }
    const late = await answerWithPasskey(
      challenge.challenge_id,
      signWithPasskey(passkey, challenge.passkey_options?.challenge ?? ''),
    );
    expect(late.statusCode).toBe(401);
    expect(bodyOf(late).errors[0]).toMatchObject({ field: 'challenge_id' });
  });

  it('current_user counts the passkey; the app stays off', async () => {
    const { seller } = await sellerWithPasskeyOnly();
    const me = bodyOf<{ two_factor: unknown }>(await currentUser(t.app, seller.token)).data;
    expect(me.two_factor).toEqual({ totp: false, passkeys: 1, recovery_codes_left: 0 });
  });
});

describe('step-up with a passkey', () => {
  it('a money change asks for the passkey by name; the header code cannot stand in; the passkey’s step-up lets it through', async () => {
    const { seller, passkey } = await sellerWithPasskeyOnly();
    const refused = await setPin(seller);
    expect(refused.statusCode).toBe(401);
    const body = bodyOf(refused);
    expect(body.code).toBe('STEP_UP_REQUIRED');
    expect(body.message).toBe('Confirm this change with one of your passkeys.');
    expect(body.errors.map((error) => error.field)).toEqual(['passkey']);

    const withHeader = await post(
      t.app,
      `/user/update_pin/${seller.user.id}`,
      { password: seller.password, pin: '4829', verify_pin: '4829' },
      { ...auth(seller), 'x-two-factor-code': '123456' },
    );
    expect(withHeader.statusCode).toBe(401);

    const stepped = await stepUpWithPasskey(t.app, seller, passkey);
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await setPin(seller)).statusCode).toBe(200);
  });

  it('with both, the refusal names both ways, and either works', async () => {
    const { seller } = await sellerWithPasskeyOnly();
    const { secret } = await turnOnTotp(t.app, t.clock, seller);
    t.clock.advance(STEP_UP_SECONDS + 1);
    const refused = await setPin(seller);
    expect(bodyOf(refused).errors.map((error) => error.field)).toEqual([
      'x_two_factor_code',
      'passkey',
    ]);
    const byCode = await post(
      t.app,
      `/user/two_factor/step_up/${seller.user.id}`,
      { code: codeAt(secret, t.clock.now()) },
      auth(seller),
    );
    expect(byCode.statusCode, byCode.body).toBe(200);
  });

  it('refuses a wrong passkey answer and says why; a code on an account without the app; options with no passkey', async () => {
    const { seller } = await sellerWithPasskeyOnly();
    const started = await post(
      t.app,
      `/user/two_factor/step_up/options/${seller.user.id}`,
      {},
      auth(seller),
    );
    const { options } = bodyOf<{ options: AssertionOptions }>(started).data;
    const stranger = createPasskey({ challenge: 'x', user: { id: seller.user.id } }).passkey;
    const wrong = await post(
      t.app,
      `/user/two_factor/step_up/${seller.user.id}`,
      { passkey: signWithPasskey(stranger, options.challenge) },
      auth(seller),
    );
    expect(wrong.statusCode).toBe(401);
    expect(bodyOf(wrong).errors[0]).toMatchObject({ field: 'passkey' });
    expect((await setPin(seller)).statusCode).toBe(401);

    const code = await post(
      t.app,
      `/user/two_factor/step_up/${seller.user.id}`,
      { code: '123456' },
      auth(seller),
    );
    expect(code.statusCode).toBe(400);

    const plain = await signedInUser(t.app);
    const none = await post(
      t.app,
      `/user/two_factor/step_up/options/${plain.user.id}`,
      {},
      auth(plain),
    );
    expect(none.statusCode).toBe(400);
  });

  it('counts options asked for with the account’s other passkey requests: the 31st in fifteen minutes is 429 with Retry-After', async () => {
    // At the start of a fifteen-minute window, so every request below falls in the same one.
    const intoWindow = Math.floor(t.clock.now().getTime() / 1000) % (15 * 60);
    t.clock.advance(15 * 60 - intoWindow + 1);
    // Two passkey requests already: the registration's options and its answer.
    const { seller } = await sellerWithPasskeyOnly();
    const ask = () =>
      post(t.app, `/user/two_factor/step_up/options/${seller.user.id}`, {}, auth(seller));
    for (let i = 0; i < 28; i += 1) expect((await ask()).statusCode).toBe(200);
    const held = await ask();
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('adding another passkey and removing one need a fresh second factor', async () => {
    const { seller, passkey } = await sellerWithPasskeyOnly();
    const add = await post(t.app, `/user/passkeys/options/${seller.user.id}`, {}, auth(seller));
    expect(add.statusCode).toBe(401);
    expect(bodyOf(add).code).toBe('STEP_UP_REQUIRED');
    expect((await stepUpWithPasskey(t.app, seller, passkey)).statusCode).toBe(200);
    await addPasskeyFor(t.app, seller);
    const me = bodyOf<{ two_factor: { passkeys: number } }>(await currentUser(t.app, seller.token));
    expect(me.data.two_factor.passkeys).toBe(2);
  });
});

describe('turning the app off with a passkey left', () => {
  it('keeps two-step on: the password still asks for the passkey, and the mail says the app was removed', async () => {
    const { seller } = await sellerWithPasskeyOnly();
    const { secret } = await turnOnTotp(t.app, t.clock, seller);
    const off = await post(
      t.app,
      `/user/two_factor/disable/${seller.user.id}`,
      { password: seller.password, code: nextCode(t.clock, secret) },
      auth(seller),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await passwordStep(seller)).methods).toEqual(['passkey']);
    const [mail] = await mailsTo(t.app, seller.email);
    expect(mail?.subject).toMatch(/authenticator app was removed/i);
  });
});

describe('staff with only a passkey, under STAFF_TWO_FACTOR=required', () => {
  const overview = (session: Session) =>
    t.app.inject({ method: 'GET', url: '/api/v1/admin/overview', headers: auth(session) });

  it('may use the console once the passkey is added', async () => {
    const operator = await signedInOperator(t.app, t.db, 'operator');
    const refused = await overview(operator);
    expect(refused.statusCode).toBe(403);
    expect(bodyOf(refused).code).toBe('TWO_FACTOR_REQUIRED');
    await addPasskeyFor(t.app, operator);
    expect((await overview(operator)).statusCode).toBe(200);
  });

  it('an admin’s reset forgets the passkeys too: audited with their count, and the password alone signs in', async () => {
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const { secret } = await turnOnTotp(t.app, t.clock, admin);
    const signedInAdmin = await signInWithCode(t.app, t.clock, admin, secret);
    const { seller, passkey } = await sellerWithPasskeyOnly();

    const reset = await post(
      t.app,
      `/admin/users/${seller.user.id}/reset_two_factor`,
      { reason: 'Lost phone; identity checked on a video call' },
      auth(signedInAdmin),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await login(t.app, seller.email, seller.password);
    expect(signIn.json()).toHaveProperty('token');

    const options = await post(t.app, '/auth/passkey/options', {});
    const { challenge_id: challengeId, options: webauthn } = bodyOf<{
      challenge_id: string;
      options: AssertionOptions;
    }>(options).data;
    const byPasskey = await post(t.app, '/auth/passkey/login', {
      challenge_id: challengeId,
      response: signWithPasskey(passkey, webauthn.challenge),
    });
    expect(byPasskey.statusCode).toBe(401);

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?action=user.two_factor_reset',
      headers: auth(signedInAdmin),
    });
    const entries = bodyOf<{ data: { target_id: string; before: unknown }[] }>(audit).data.data;
    expect(entries.find((entry) => entry.target_id === seller.user.id)?.before).toEqual({
      two_factor: true,
      totp: false,
      passkeys: 1,
    });
  });
});
