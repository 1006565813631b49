import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
