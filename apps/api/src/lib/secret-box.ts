import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an authenticator's TOTP key), kept sealed at rest:
 * AES-256-GCM under a key of their own purpose (lib/keys.ts), a fresh 96-bit nonce each time,
 * and `context` (the account's id) as additional data, so a sealed value copied onto another
 * row does not open there. Written `v1.<nonce>.<ciphertext>.<tag>`, base64url parts.
 */
const VERSION = 'v1';
const NONCE_BYTES = 12;
/** The whole tag, always: GCM would otherwise take a shortened one, and forging gets easier. */
const TAG_BYTES = 16;

export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when the value was not sealed by this key for this context. */
export function openSecret(key: Buffer, sealed: string, context: string): string | null {
  const [version, nonce, ciphertext, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || !nonce || !ciphertext || !tag || rest.length > 0) return null;
  try {
    const authTag = Buffer.from(tag, 'base64url');
    if (authTag.length !== TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(authTag);
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
