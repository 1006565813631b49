import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  currentUser,
  mailsTo,
  post,
  refreshCookieOf,
  signedInUser,
  type Session,
} from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  createPasskey,
  signWithPasskey,
  stepUpWithPasskey,
  type SoftPasskey,
} from '../../../test/passkeys';
import { auth, challengeFor, turnOnTotp } from '../../../test/two-factor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Options {
  challenge: string;
  rp: { id: string };
  user: { id: string };
  authenticatorSelection: { residentKey: string; userVerification: string };
  allowCredentials?: unknown[];
  userVerification?: string;
}

async function registrationOptions(session: Session): Promise<Options> {
  const response = await post(
    t.app,
    `/user/passkeys/options/${session.user.id}`,
    {},
    auth(session),
  );
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ options: Options }>(response).data.options;
}

/**
 * What a passkey's answer carries is never logged (docs/security.md): each attestation,
 * signature and client data sent is a value the test app's log scan must not find.
 */
function mustNotBeLogged(answer: { response: Record<string, unknown> }) {
  for (const [part, value] of Object.entries(answer.response)) {
    if (typeof value === 'string' && value.length > 16) t.sensitive.add(`passkey ${part}`, value);
  }
}

const addPasskey = (
  session: Session,
  response: { response: Record<string, unknown> },
  name = 'My phone',
) => {
  mustNotBeLogged(response);
  return post(t.app, `/user/passkeys/${session.user.id}`, { name, response }, auth(session));
};

const passkeyLogin = (body: {
  challenge_id: string;
  response: { response: Record<string, unknown> };
}) => {
  mustNotBeLogged(body.response);
  return post(t.app, '/auth/passkey/login', body);
};

/** A seller with one passkey added through the two routes, as Settings › Security does it. */
async function sellerWithPasskey(): Promise<{ seller: Session; passkey: SoftPasskey }> {
  const seller = await signedInUser(t.app);
  const options = await registrationOptions(seller);
  const { passkey, response } = createPasskey(options);
  const added = await addPasskey(seller, response);
  expect(added.statusCode, added.body).toBe(201);
  return { seller, passkey };
}

async function signInOptions() {
  const response = await post(t.app, '/auth/passkey/options', {});
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ challenge_id: string; options: Options }>(response).data;
}

const listOf = async (session: Session) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/passkeys/${session.user.id}`,
    headers: auth(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf<{ id: string; name: string; last_used_at: string | null }[]>(response).data;
};

const noticesOf = async (session: Session) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/user/notices/${session.user.id}`,
    headers: auth(session),
  });
  return bodyOf<{ data: { kind: string }[] }>(response).data.data.map((notice) => notice.kind);
};

describe('adding a passkey', () => {
  it('asks for a discoverable credential with user verification, for the configured site, naming the account', async () => {
    const seller = await signedInUser(t.app);
    const options = await registrationOptions(seller);
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.challenge.length).toBeGreaterThanOrEqual(43);
  });

  it('keeps a verified passkey: listed, counted in current_user, told in the bell and by mail', async () => {
    const { seller } = await sellerWithPasskey();
    expect(await listOf(seller)).toMatchObject([{ name: 'My phone', last_used_at: null }]);
    const me = await currentUser(t.app, seller.token);
    expect(bodyOf<{ two_factor: { passkeys: number } }>(me).data.two_factor.passkeys).toBe(1);
    expect(await noticesOf(seller)).toContain('passkey_added');
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.some((mail) => /passkey was added/i.test(mail.subject))).toBe(true);
  });

  it('refuses a reused challenge: the second answer to the same options adds nothing', async () => {
    const seller = await signedInUser(t.app);
    const options = await registrationOptions(seller);
    expect((await addPasskey(seller, createPasskey(options).response)).statusCode).toBe(201);
    const again = await addPasskey(seller, createPasskey(options).response);
    expect(again.statusCode).toBe(401);
    expect(bodyOf(again).errors[0]).toMatchObject({ field: 'response' });
    expect(await listOf(seller)).toHaveLength(1);
  });

  it('refuses a challenge older than five minutes', async () => {
    const seller = await signedInUser(t.app);
    const options = await registrationOptions(seller);
    t.clock.advance(5 * 60 + 1);
    const late = await addPasskey(seller, createPasskey(options).response);
    expect(late.statusCode).toBe(401);
    expect(await listOf(seller)).toHaveLength(0);
  });

  it('refuses an answer to a challenge handed to another account', async () => {
    const owner = await signedInUser(t.app);
    const thief = await signedInUser(t.app);
    const options = await registrationOptions(owner);
    const stolen = await addPasskey(thief, createPasskey(options).response);
    expect(stolen.statusCode).toBe(401);
    expect(await listOf(thief)).toHaveLength(0);
  });

  it('refuses a passkey made for another site or origin, or without user verification', async () => {
    const seller = await signedInUser(t.app);
    for (const place of [
      { rpId: 'evil.example' },
      { origin: 'https://evil.example' },
      { withoutVerification: true },
    ]) {
      const options = await registrationOptions(seller);
      const refused = await addPasskey(seller, createPasskey(options, place).response);
      expect(refused.statusCode, JSON.stringify(place)).toBe(401);
    }
    expect(await listOf(seller)).toHaveLength(0);
  });

  it("refuses to act on someone else's account", async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const response = await post(t.app, `/user/passkeys/options/${owner.user.id}`, {}, auth(other));
    expect(response.statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/passkeys/${owner.user.id}`,
      headers: auth(other),
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('answers what a password sign-in answers: a token, the refresh cookie, the user; the passkey notes its use', async () => {
    const { seller, passkey } = await sellerWithPasskey();
    const { challenge_id, options } = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const response = await passkeyLogin({
      challenge_id,
      response: signWithPasskey(passkey, options.challenge),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ token: string; data: { id: string } }>();
    expect(body.data.id).toBe(seller.user.id);
    expect(refreshCookieOf(response)).toBeDefined();
    expect((await currentUser(t.app, body.token)).statusCode).toBe(200);
    expect((await listOf(seller))[0]?.last_used_at).not.toBeNull();
  });

  it('asks no code after a passkey, even with an authenticator app on', async () => {
    const { seller, passkey } = await sellerWithPasskey();
    await turnOnTotp(t.app, t.clock, seller);
    expect(await challengeFor(t.app, seller)).toBeTruthy();
    const { challenge_id, options } = await signInOptions();
    const response = await passkeyLogin({
      challenge_id,
      response: signWithPasskey(passkey, options.challenge),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ token?: string }>().token).toBeDefined();
  });

  it('refuses a reused, expired or unknown challenge, and an answer signed for another challenge', async () => {
    const { passkey } = await sellerWithPasskey();
    const first = await signInOptions();
    const ok = await passkeyLogin({
      challenge_id: first.challenge_id,
      response: signWithPasskey(passkey, first.options.challenge),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const reused = await passkeyLogin({
      challenge_id: first.challenge_id,
      response: signWithPasskey(passkey, first.options.challenge),
    });
    expect(reused.statusCode).toBe(401);

    const late = await signInOptions();
    t.clock.advance(5 * 60 + 1);
    const expired = await passkeyLogin({
      challenge_id: late.challenge_id,
      response: signWithPasskey(passkey, late.options.challenge),
    });
    expect(expired.statusCode).toBe(401);

    const unknown = await passkeyLogin({
      challenge_id: '00000000-0000-4000-8000-000000000000',
      response: signWithPasskey(passkey, late.options.challenge),
    });
    expect(unknown.statusCode).toBe(401);

    const one = await signInOptions();
    const other = await signInOptions();
    const crossed = await passkeyLogin({
      challenge_id: one.challenge_id,
      response: signWithPasskey(passkey, other.options.challenge),
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a passkey it does not know, a replayed counter and a key that did not verify the user', async () => {
    const { passkey } = await sellerWithPasskey();
    const stranger = createPasskey({ challenge: 'x', user: { id: 'nobody' } }).passkey;
    const a = await signInOptions();
    const unknown = await passkeyLogin({
      challenge_id: a.challenge_id,
      response: signWithPasskey(stranger, a.options.challenge),
    });
    expect(unknown.statusCode).toBe(401);

    const b = await signInOptions();
    const unverified = await passkeyLogin({
      challenge_id: b.challenge_id,
      response: signWithPasskey(passkey, b.options.challenge, { withoutVerification: true }),
    });
    expect(unverified.statusCode).toBe(401);

    const c = await signInOptions();
    passkey.counter = 5;
    expect(
      (
        await passkeyLogin({
          challenge_id: c.challenge_id,
          response: signWithPasskey(passkey, c.options.challenge),
        })
      ).statusCode,
    ).toBe(200);
    const d = await signInOptions();
    passkey.counter = 2;
    const cloned = await passkeyLogin({
      challenge_id: d.challenge_id,
      response: signWithPasskey(passkey, d.options.challenge),
    });
    expect(cloned.statusCode).toBe(401);
  });
});

describe('removing a passkey', () => {
  it('removes only the owner’s passkey; it no longer signs in; told in the bell and by mail', async () => {
    const { seller, passkey } = await sellerWithPasskey();
    const [listed] = await listOf(seller);
    const other = await signedInUser(t.app);
    const notMine = await post(
      t.app,
      `/user/passkeys/delete/${other.user.id}`,
      { passkey_id: listed?.id },
      auth(other),
    );
    expect(notMine.statusCode).toBe(404);
    expect(await listOf(seller)).toHaveLength(1);

    // The passkey is the account's second factor: removing one needs it fresh.
    const unconfirmed = await post(
      t.app,
      `/user/passkeys/delete/${seller.user.id}`,
      { passkey_id: listed?.id },
      auth(seller),
    );
    expect(unconfirmed.statusCode).toBe(401);
    expect(bodyOf(unconfirmed).code).toBe('STEP_UP_REQUIRED');
    expect(await listOf(seller)).toHaveLength(1);
    expect((await stepUpWithPasskey(t.app, seller, passkey)).statusCode).toBe(200);

    const removed = await post(
      t.app,
      `/user/passkeys/delete/${seller.user.id}`,
      { passkey_id: listed?.id },
      auth(seller),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listOf(seller)).toHaveLength(0);
    expect(await noticesOf(seller)).toContain('passkey_removed');
    const mails = await mailsTo(t.app, seller.email);
    expect(mails.some((mail) => /passkey was removed/i.test(mail.subject))).toBe(true);

    const { challenge_id, options } = await signInOptions();
    const after = await passkeyLogin({
      challenge_id,
      response: signWithPasskey(passkey, options.challenge),
    });
    expect(after.statusCode).toBe(401);
  });
});
