import { createHmac, createSecretKey } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPaystackBody } from '../adapters/payouts/paystack';
import { currentUser, signedInUser, type Session } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { deriveKeys } from './keys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const secretOf = () => t.app.ctx.config.jwtSecret;

describe('deriveKeys', () => {
  it('gives every purpose its own 256-bit key, none equal to the secret or to another', () => {
    const secret = 's'.repeat(48);
    const keys = Object.values(deriveKeys(secret));
    expect(keys.length).toBeGreaterThanOrEqual(6);
    const distinct = new Set([
      ...keys.map((key) => key.toString('hex')),
      Buffer.from(secret).toString('hex'),
    ]);
    expect(distinct.size).toBe(keys.length + 1);
    for (const key of keys) expect(key.length).toBe(32);
    // Stable: the same secret gives the same keys after a restart (stored hashes keep matching).
    expect(deriveKeys(secret)).toEqual(deriveKeys(secret));
    expect(deriveKeys(`${secret}x`).accessTokens).not.toEqual(deriveKeys(secret).accessTokens);
  });

  it.each([
    ['DUPLICATE_HASH_KEY', 'duplicateCodes'],
    ['BVN_HASH_KEY', 'bvnHashes'],
  ] as const)(
    '%s keys its stored hashes when set, so JWT_SECRET can rotate alone',
    (_, purpose) => {
      const own = { [purpose]: 'd'.repeat(48) };
      const before = deriveKeys('s'.repeat(48), own);
      const rotated = deriveKeys('r'.repeat(48), own);
      expect(rotated[purpose]).toEqual(before[purpose]);
      expect(rotated.accessTokens).not.toEqual(before.accessTokens);
      // The other long-lived key still follows JWT_SECRET.
      const other = purpose === 'bvnHashes' ? 'duplicateCodes' : 'bvnHashes';
      expect(rotated[other]).not.toEqual(before[other]);
      // Unset, it follows JWT_SECRET like every other key.
      expect(deriveKeys('s'.repeat(48))[purpose]).not.toEqual(before[purpose]);
    },
  );

  it('TWO_FACTOR_KEY seals the authenticator secrets and keys the recovery codes, each its own key', () => {
    const own = { twoFactor: 't'.repeat(48) };
    const before = deriveKeys('s'.repeat(48), own);
    const rotated = deriveKeys('r'.repeat(48), own);
    expect(rotated.totpSecrets).toEqual(before.totpSecrets);
    expect(rotated.recoveryCodes).toEqual(before.recoveryCodes);
    expect(before.totpSecrets).not.toEqual(before.recoveryCodes);
    expect(rotated.accessTokens).not.toEqual(before.accessTokens);
    expect(deriveKeys('s'.repeat(48)).totpSecrets).not.toEqual(before.totpSecrets);
    // Set to the current JWT_SECRET, it keeps what that secret sealed (docs/deploy.md, rotation).
    expect(deriveKeys('r'.repeat(48), { twoFactor: 's'.repeat(48) }).totpSecrets).toEqual(
      deriveKeys('s'.repeat(48)).totpSecrets,
    );
  });
});

describe('each purpose accepts only its own key', () => {
  async function tokenSignedWith(session: Session, key: Buffer) {
    const issuedAt = Math.floor(t.clock.now().getTime() / 1000);
    return new SignJWT({ tv: decodeJwt(session.token).tv, dv: 'web' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(session.user.id)
      .setIssuer('karta')
      .setAudience('karta-api')
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 600)
      .sign(createSecretKey(key));
  }

  it('refuses an access token signed with the raw secret or another purpose key', async () => {
    const session = await signedInUser(t.app);
    const { keys } = t.app.ctx;
    const own = await tokenSignedWith(session, keys.accessTokens);
    expect((await currentUser(t.app, own)).statusCode).toBe(200);
    for (const key of [Buffer.from(secretOf()), keys.refreshTokens, keys.photoLinks]) {
      const forged = await tokenSignedWith(session, key);
      expect((await currentUser(t.app, forged)).statusCode).toBe(403);
    }
  });

  it('refuses a sandbox webhook signed with a secret derived the old way', async () => {
    const body = Buffer.from(JSON.stringify({ event: 'transfer.success', data: {} }));
    const legacy = createHmac('sha256', secretOf()).update('sandbox-payouts').digest('hex');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/sandbox',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(legacy, body),
      },
    });
    expect(response.statusCode).toBe(401);
  });
});
