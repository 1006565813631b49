import { hkdfSync } from 'node:crypto';

/**
 * One configured secret (JWT_SECRET), one key per purpose. Each key is derived with HKDF-SHA256
 * under its own label, so a value made for one purpose (a photo link, a code hash) is never valid
 * for another (an access token), and a key that leaks through one use does not open the others.
 * The labels are part of the stored data's meaning: changing one invalidates what it keyed
 * (docs/decisions/016).
 */
const LABELS = {
  accessTokens: 'karta/access-tokens/v1',
  refreshTokens: 'karta/refresh-tokens/v1',
  codeHashes: 'karta/code-hashes/v1',
  bvnHashes: 'karta/bvn-hashes/v1',
  photoLinks: 'karta/photo-links/v1',
  sandboxWebhooks: 'karta/sandbox-webhooks/v1',
  duplicateCodes: 'karta/duplicate-codes/v1',
} as const;

/** Fixed and public: HKDF's salt only has to be independent of the secret (RFC 5869 §3.1). */
const SALT = 'karta-derived-keys';
const KEY_BYTES = 32;

export type DerivedKeys = Readonly<Record<keyof typeof LABELS, Buffer>>;

/**
 * Every purpose's key; computed once at start, then handed around on the AppContext. The e-code
 * hashes of duplicate detection are kept for years, so they may have a secret of their own
 * (DUPLICATE_HASH_KEY) that outlives a rotation of JWT_SECRET.
 */
export function deriveKeys(secret: string, duplicateHashSecret = secret): DerivedKeys {
  const keys = Object.fromEntries(
    Object.entries(LABELS).map(([purpose, label]) => [
      purpose,
      Buffer.from(
        hkdfSync(
          'sha256',
          purpose === 'duplicateCodes' ? duplicateHashSecret : secret,
          SALT,
          label,
          KEY_BYTES,
        ),
      ),
    ]),
  );
  return Object.freeze(keys as Record<keyof typeof LABELS, Buffer>);
}
