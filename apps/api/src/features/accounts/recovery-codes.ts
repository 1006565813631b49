import { randomInt } from 'node:crypto';
import { keyedHash } from '../../lib/secrets';

/**
 * Recovery codes: ten, each ten characters of Crockford's base 32 (50 bits from the CSPRNG),
 * shown as `xxxxx-xxxxx`. Typed back in any case, with or without the hyphen or a space, and
 * with the letters people confuse for digits (i, l, o) read as the digits.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const COUNT = 10;
const LENGTH = 10;

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = () => Array.from({ length: COUNT }, newRecoveryCode);

const normalise = (code: string) =>
  code.toLowerCase().replace(/[\s-]/g, '').replace(/[il]/g, '1').replace(/o/g, '0');

/** Keyed by the two-factor key and bound to the account: a leaked table opens nothing. */
export const hashRecoveryCode = (key: Buffer, userId: string, code: string) =>
  keyedHash(key, `recovery:${userId}:${normalise(code)}`);
