import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

const key = randomBytes(32);
const account = '3f2b8c1e-5d4a-4e7b-9c1f-2a6d8e0b7c51';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('a sealed secret', () => {
  it('opens with its key for its account, and is never the secret in clear', () => {
    const sealed = sealSecret(key, SECRET, account);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(openSecret(key, sealed, account)).toBe(SECRET);
    // A fresh nonce each time: the same secret never seals the same way twice.
    expect(sealSecret(key, SECRET, account)).not.toBe(sealed);
  });

  it('does not open under another key, for another account, or changed in any part', () => {
    const sealed = sealSecret(key, SECRET, account);
    expect(openSecret(randomBytes(32), sealed, account)).toBeNull();
    expect(openSecret(key, sealed, '0b7c51e2-9c1f-4e7b-8d4a-2a6d8e3f2b8c')).toBeNull();
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const changed = [...parts];
      const part = changed[index] ?? '';
      changed[index] = `${part.charAt(0) === 'A' ? 'B' : 'A'}${part.slice(1)}`;
      expect(openSecret(key, changed.join('.'), account)).toBeNull();
    }
    // A shortened tag is refused outright (GCM would otherwise check fewer bits).
    expect(
      openSecret(key, `${parts.slice(0, 3).join('.')}.${(parts[3] ?? '').slice(0, 8)}`, account),
    ).toBeNull();
    expect(openSecret(key, 'not sealed', account)).toBeNull();
  });
});
