import type { RegisteredPerson } from '../../adapters/identity/identity';

/** The account holder as their verified BVN has them. */
export interface VerifiedHolder {
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
}

/** What did not match, in our words' order; empty when the record is the holder's. */
export type PersonMismatch = 'name' | 'date_of_birth';

/**
 * The words of a name: accents dropped (Adébáyọ̀ is written Adebayo as often as not), case and
 * punctuation ignored, hyphens and spaces splitting (Ade-Bayo, "Ade Bayo").
 */
const wordsOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/**
 * Is a register's record (a NIN's) the same person as the BVN-verified holder (decision 063)?
 * Every word of the holder's first and last names must be among the record's names, in any
 * order (registers put the surname first as often as last) and with any middle names beside
 * them; the date of birth must be the same day. Nothing looser: a first name alone, or an
 * initial, could be someone else's NIN.
 */
export function compareWithHolder(
  holder: VerifiedHolder,
  record: RegisteredPerson,
): PersonMismatch[] {
  const recorded = new Set(
    [record.firstName, record.middleName ?? '', record.lastName].flatMap(wordsOf),
  );
  const held = [holder.firstName, holder.lastName].flatMap(wordsOf);
  const mismatched: PersonMismatch[] = [];
  if (held.length === 0 || !held.every((word) => recorded.has(word))) mismatched.push('name');
  if (record.dateOfBirth !== holder.dateOfBirth) mismatched.push('date_of_birth');
  return mismatched;
}
