import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/client';
import { isReferralCodeTaken } from './accounts.repository';

/** No 0/O, 1/I/L: a code read aloud over the phone or typed from a screenshot survives. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const randomChars = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** A short, readable, unique code: up to three letters of the first name, then five random. */
export async function createReferralCode(tx: Executor, firstName: string): Promise<string> {
  const prefix = firstName
    .normalize('NFD')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 3);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = `${prefix || 'KRT'}${randomChars(5)}`;
    if (!(await isReferralCodeTaken(tx, code))) return code;
  }
  throw new Error('could not find a free referral code');
}
