import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { submitTrade, tradableSubcategory } from '../../../test/trades';
import { createImageUrlSigner } from './trade-image-urls';

const IMAGE = '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b';
const signatureOf = (url: string) => new URL(url, 'http://x').searchParams.get('signature') ?? '';
const expiresOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('expires'));

// Signatures are cached per key and expiry step (decision 047): the cache must never hand out a
// link of another step, another key, or a photo's link for a proof.
describe('signed photo links', () => {
  it('signs each step, key and kind apart, and every link it gives is valid', () => {
    const key = randomBytes(32);
    const signer = createImageUrlSigner(key);
    const now = new Date('2026-11-26T08:00:00Z');
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    const first = signer.urlFor(IMAGE, now);
    expect(signer.urlFor(IMAGE, now)).toBe(first);
    const next = signer.urlFor(IMAGE, later);
    expect(expiresOf(next)).toBeGreaterThan(expiresOf(first));
    expect(signatureOf(next)).not.toBe(signatureOf(first));
    // Back to the first step after the cache moved on: the same link again.
    expect(signer.urlFor(IMAGE, now)).toBe(first);
    for (const url of [first, next]) {
      expect(signer.isValid(IMAGE, expiresOf(url), signatureOf(url), now)).toBe(true);
    }

    const other = createImageUrlSigner(randomBytes(32)).urlFor(IMAGE, now);
    expect(signatureOf(other)).not.toBe(signatureOf(first));
    expect(signer.isValid(IMAGE, expiresOf(other), signatureOf(other), now)).toBe(false);

    const proof = signer.proofUrlFor(IMAGE, now);
    expect(signatureOf(proof)).not.toBe(signatureOf(first));
    expect(signer.isValidProof(IMAGE, expiresOf(proof), signatureOf(proof), now)).toBe(true);
    expect(signer.isValid(IMAGE, expiresOf(proof), signatureOf(proof), now)).toBe(false);
  });
});

// Each purpose has its own key (decision 016): the app takes a photo link only under its own.
describe('a served photo link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a photo link signed with the raw secret or the access-token key', async () => {
    const session = await signedInUser(t.app);
    const { subcategory } = await tradableSubcategory(t.db);
    const trade = await submitTrade(t.app, session, subcategory.id);
    const imageId = trade.images[0]?.id ?? '';
    const photo = (key: Buffer) =>
      t.app.inject({ url: createImageUrlSigner(key).urlFor(imageId, t.clock.now()) });
    expect((await photo(t.app.ctx.keys.photoLinks)).statusCode).toBe(200);
    expect((await photo(Buffer.from(t.app.ctx.config.jwtSecret))).statusCode).toBe(404);
    expect((await photo(t.app.ctx.keys.accessTokens)).statusCode).toBe(404);
    // The link as it was made before keys were derived (an HMAC of the secret) is dead too.
    const legacy = createHmac('sha256', t.app.ctx.config.jwtSecret).update('trade-images').digest();
    expect((await photo(legacy)).statusCode).toBe(404);
  });
});
