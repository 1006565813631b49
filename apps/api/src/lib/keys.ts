import { hkdfSync } from 'node:crypto';

/**
 * One configured secret (JWT_SECRET), one key per purpose. Each key is derived with HKDF-SHA256
 * under its own label, so a value made for one purpose (a photo link, a code hash) is never valid
 * for another (an access token), and a key that leaks through one use does not open the others.
 * The labels are part of the stored data's meaning: changing one invalidates what it keyed
 * (docs/decisions/016-derived-keys.md).
 */
const LABELS = {
  accessTokens: 'karta/access-tokens/v1',
  refreshTokens: 'karta/refresh-tokens/v1',
  codeHashes: 'karta/code-hashes/v1',
  bvnHashes: 'karta/bvn-hashes/v1',
  ninHashes: 'karta/nin-hashes/v1',
  photoLinks: 'karta/photo-links/v1',
  sandboxWebhooks: 'karta/sandbox-webhooks/v1',
  duplicateCodes: 'karta/duplicate-codes/v1',
  totpSecrets: 'karta/totp-secrets/v1',
  recoveryCodes: 'karta/recovery-codes/v1',
  kycDocumentLinks: 'karta/kyc-document-links/v1',
} as const;

/** Fixed and public: HKDF's salt only has to be independent of the secret (RFC 5869 §3.1). */
const SALT = 'karta-derived-keys';
const KEY_BYTES = 32;

export type DerivedKeys = Readonly<Record<keyof typeof LABELS, Buffer>>;

/** The purposes whose stored hashes outlive a rotation of JWT_SECRET when given a secret of their own. */
export interface LongLivedSecrets {
  /** DUPLICATE_HASH_KEY: the e-code hashes of duplicate detection, kept for years. */
  duplicateCodes?: string | undefined;
  /**
   * BVN_HASH_KEY: the BVN and NIN hashes behind one-BVN-per-account and one-NIN-per-account,
   * kept for ever (no BVN or NIN is). Each is keyed under its own label (decision 063).
   */
  bvnHashes?: string | undefined;
  /**
   * TWO_FACTOR_KEY: seals the authenticator secrets and keys the recovery-code hashes, which
   * cannot be made again without the seller's phone (decision 061).
   */
  twoFactor?: string | undefined;
}

/** Which long-lived secret, when set, keys each purpose instead of JWT_SECRET. */
const OWN_SECRET_OF: Partial<Record<keyof typeof LABELS, keyof LongLivedSecrets>> = {
  duplicateCodes: 'duplicateCodes',
  bvnHashes: 'bvnHashes',
  ninHashes: 'bvnHashes',
  totpSecrets: 'twoFactor',
  recoveryCodes: 'twoFactor',
};

/**
 * Every purpose's key; computed once at start, then handed around on the AppContext. A stored
 * hash that cannot be recomputed (we keep neither the e-codes nor the BVNs) may be keyed by a
 * secret of its own, so rotating JWT_SECRET does not forget it; unset, it follows JWT_SECRET.
 */
export function deriveKeys(secret: string, own: LongLivedSecrets = {}): DerivedKeys {
  const secretFor = (purpose: keyof typeof LABELS) => {
    const ownName = OWN_SECRET_OF[purpose];
    return (ownName && own[ownName]) ?? secret;
  };
  const keys = Object.fromEntries(
    (Object.keys(LABELS) as (keyof typeof LABELS)[]).map((purpose) => [
      purpose,
      Buffer.from(hkdfSync('sha256', secretFor(purpose), SALT, LABELS[purpose], KEY_BYTES)),
    ]),
  );
  return Object.freeze(keys as Record<keyof typeof LABELS, Buffer>);
}
