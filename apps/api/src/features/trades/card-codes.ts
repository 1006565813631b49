import { createHmac } from 'node:crypto';

/** Shorter runs are amounts and dates ("100USD", "20240621"); codes on sale are 10 to 25 long. */
const MIN_LENGTH = 10;
const MAX_LENGTH = 40;
/** A 500-character comment holds only so many; the rest are not looked at. */
const MAX_CODES = 10;
/**
 * Only digits, 10, 11 or 13 long: a bank account number (NUBAN), a phone number (0803…) or the
 * same with 234 in front. Sellers paste these often, and two sellers' trades must not match on
 * one of them.
 */
const ACCOUNT_OR_PHONE = /^(?:\d{10}|\d{11}|234\d{10})$/;
/** Our own trade reference ("KT-7K3M9QX2"), quoted by a seller about an earlier trade. */
const TRADE_REFERENCE = /^KT[0-9A-Z]{8}$/;

/**
 * The e-codes in a free-text comment, normalised so that case, spaces and dashes do not matter
 * (docs/decisions/024-duplicate-cards-and-rejection-proof.md): the text is cut at anything but letters, digits, spaces and dashes;
 * each word loses its dashes; a code is a run of adjacent words that each hold a digit, joined,
 * 10 to 40 characters long, and not an account number, a phone number or a trade reference.
 * "X7K2-9PQR-44LM-ZZ81", "x7k2 9pqr 44lm zz81" and "X7K29PQR44LMZZ81" are one code.
 */
export function findCardCodes(comment: string | null): string[] {
  if (!comment) return [];
  const codes = new Set<string>();
  for (const piece of comment.toUpperCase().split(/[^A-Z0-9 \t-]+/)) {
    let run = '';
    const close = () => {
      if (isCode(run)) codes.add(run);
      run = '';
    };
    for (const word of piece.split(/[ \t]+/)) {
      const compact = word.replaceAll('-', '');
      if (compact === '') continue;
      if (/\d/.test(compact)) run += compact;
      else close();
    }
    close();
  }
  return [...codes].slice(0, MAX_CODES);
}

const isCode = (run: string) =>
  run.length >= MIN_LENGTH &&
  run.length <= MAX_LENGTH &&
  !ACCOUNT_OR_PHONE.test(run) &&
  !TRADE_REFERENCE.test(run);

/** What is stored of a code: a keyed hash, so the table alone gives no code away. */
export const hashCardCode = (key: Buffer, code: string) =>
  createHmac('sha256', key).update(`card-code:${code}`).digest('base64url');
