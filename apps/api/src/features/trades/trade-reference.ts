import { randomInt } from 'node:crypto';

/** Crockford's base-32 alphabet: no I, L, O or U, so a reference read over the phone is unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "KT-7K3M9QX2": 32⁸ ≈ 10¹² possibilities; a collision is retried by the caller. */
export function createTradeReference(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `KT-${code}`;
}
