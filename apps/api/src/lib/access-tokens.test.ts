import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@karta/shared/constants';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from './clock';
import { createAccessTokens } from './access-tokens';

// The verifier is ours (node:crypto, not jose): these pin it to jose's rules, token by token.
const secret = randomBytes(32);
const clock = createFakeClock(new Date('2026-11-26T08:00:00Z'));
const tokens = createAccessTokens(secret, clock);
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const claims = {
  userId: '6f1c2f5e-4f0a-4c9b-9d3e-0a1b2c3d4e5f',
  tokenVersion: 3,
  device: 'web' as const,
};

/** A token like ours, with one thing changed. */
function forge(
  change: {
    alg?: string;
    header?: Record<string, unknown>;
    payload?: Record<string, unknown>;
    key?: Buffer;
  } = {},
) {
  const iat = nowSeconds();
  const payload = {
    sub: claims.userId,
    tv: 3,
    dv: 'web',
    iss: 'karta',
    aud: 'karta-api',
    iat,
    exp: iat + 900,
    ...change.payload,
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: 'JWT', ...change.header })
    .sign(createSecretKey(change.key ?? secret));
}

describe('access token check', () => {
  it('carries the session (sign-in) it belongs to as sid, and reads it back', () => {
    const withSession = { ...claims, sessionId: '0b7c51e2-9c1f-4e7b-8d4a-2a6d8e3f2b8c' };
    const token = tokens.sign(withSession);
    expect(tokens.verify(token)).toEqual(withSession);
    const [, payload = ''] = token.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      sid: withSession.sessionId,
    });
  });

  it('accepts its own tokens and reads the claims back', async () => {
    expect(tokens.verify(tokens.sign(claims))).toEqual(claims);
    // jose reads our tokens as a standard HS256 JWT, with the same claims.
    const { payload, protectedHeader } = await jwtVerify(
      tokens.sign(claims),
      createSecretKey(secret),
      {
        currentDate: clock.now(),
      },
    );
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: claims.userId,
      tv: 3,
      dv: 'web',
      iss: 'karta',
      aud: 'karta-api',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(tokens.verify(await forge())).toEqual(claims);
  });

  it('accepts an audience list that names us (as jose does)', async () => {
    expect(tokens.verify(await forge({ payload: { aud: ['other', 'karta-api'] } }))).toEqual(
      claims,
    );
  });

  it('refuses a token signed with another key, or with its payload or signature changed', async () => {
    expect(tokens.verify(await forge({ key: randomBytes(32) }))).toBeNull();
    const [header, , signature] = tokens.sign(claims).split('.');
    const raised = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    expect(tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
    expect(tokens.verify(`${header}.${raised}.${signature?.slice(0, -4)}`)).toBeNull();
  });

  it('refuses other algorithms, unsigned tokens and critical header parameters', async () => {
    expect(tokens.verify(await forge({ alg: 'HS512' }))).toBeNull();
    const unsigned = new UnsecuredJWT({ sub: claims.userId, tv: 3, iss: 'karta', aud: 'karta-api' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    expect(tokens.verify(unsigned)).toBeNull();
    // Signed by hand: jose will not sign a `crit` it does not know, and must not verify one.
    const [, payload] = (await forge()).split('.');
    const signedByHand = (header: object) => {
      const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${payload}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    expect(tokens.verify(signedByHand({ alg: 'HS256' }))).toEqual(claims);
    expect(
      tokens.verify(signedByHand({ alg: 'HS256', crit: ['x-karta'], 'x-karta': 1 })),
    ).toBeNull();
  });

  it('refuses tokens from another issuer or for another audience', async () => {
    expect(tokens.verify(await forge({ payload: { iss: 'someone-else' } }))).toBeNull();
    expect(tokens.verify(await forge({ payload: { aud: 'other-api' } }))).toBeNull();
    expect(tokens.verify(await forge({ payload: { aud: undefined } }))).toBeNull();
  });

  it('refuses expired tokens, from the second exp is reached', async () => {
    const token = tokens.sign(claims);
    clock.advance(899);
    expect(tokens.verify(token)).toEqual(claims);
    clock.advance(1);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses tokens without exp or iat, with a sub that is not text, or not valid yet', async () => {
    expect(tokens.verify(await forge({ payload: { exp: undefined } }))).toBeNull();
    expect(tokens.verify(await forge({ payload: { iat: undefined } }))).toBeNull();
    expect(tokens.verify(await forge({ payload: { exp: String(nowSeconds() + 60) } }))).toBeNull();
    expect(tokens.verify(await forge({ payload: { sub: 42 } }))).toBeNull();
    expect(tokens.verify(await forge({ payload: { nbf: nowSeconds() + 60 } }))).toBeNull();
    expect(tokens.verify(await forge({ payload: { nbf: nowSeconds() } }))).toEqual(claims);
  });

  it('refuses malformed tokens without throwing', () => {
    const junk = Buffer.from('[1,2]').toString('base64url');
    for (const token of ['', 'a.b', 'a.b.c.d', '...', 'a b.c.d', `${junk}.${junk}.${junk}`]) {
      expect(tokens.verify(token)).toBeNull();
    }
  });
});
