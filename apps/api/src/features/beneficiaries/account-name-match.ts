/**
 * Is a bank account in the seller's own name (decision 064)? The bank's resolved account name
 * against the first and last name the seller's BVN was verified with. Banks write the same
 * person many ways ("ADEYEMI, OLUWASEUN TAIWO", "OKAFOR CHIAMAKA J.", "Mr Emeka Nwosu",
 * "ADEYEMI OLUWASEUN-TAIWO"), so order, case, punctuation, titles, middle names and initials
 * do not count; the first and the last name must each be there as whole words. An initial may
 * stand for a middle name, never for the first or last name: "C. OKAFOR" is not Chiamaka.
 * Anything this rule refuses that is in fact the seller's goes to an operator, never to a
 * looser rule.
 */

/** Words banks put before or around a name that are not the name. */
const TITLES = new Set([
  'mr',
  'mrs',
  'miss',
  'ms',
  'master',
  'dr',
  'prof',
  'engr',
  'arc',
  'barr',
  'chief',
  'alhaji',
  'alhaja',
  'hajia',
  'mallam',
  'pastor',
  'rev',
  'revd',
  'sir',
  'dame',
  'lady',
  'hon',
  'otunba',
  'oba',
  'prince',
  'princess',
  'deacon',
  'deaconess',
]);

export const isTitle = (word: string) => TITLES.has(word);

/**
 * Extra words beside the seller's names: middle names and initials. More than this is rather a
 * joint or business account ("ADEYEMI OLUWASEUN AND SONS ENTERPRISES"), which an operator
 * decides.
 */
export const MAX_EXTRA_WORDS = 3;

/** A word that joins two holders: the account is not the seller's alone. */
const JOINT = new Set(['and', '&']);

/** Lower-case words, accents and apostrophes gone, every other non-letter a space. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' & ')
    .split(/[^\p{L}&]+/u)
    .filter((word) => word.length > 0);
}

/** Takes `word` out of `pool` once; false when it is not there. */
function take(pool: string[], word: string): boolean {
  const at = pool.indexOf(word);
  if (at === -1) return false;
  pool.splice(at, 1);
  return true;
}

/**
 * True when `accountName` names the person whose BVN was verified as `firstName` `lastName`.
 * The first word of the first name is the first name (what follows it are middle names, which
 * may be there in full, as an initial, or not at all); every word of the last name must be
 * there in full.
 */
export function isOwnAccountName(
  accountName: string,
  person: { firstName: string; lastName: string },
): boolean {
  const words = nameWords(accountName);
  if (words.some((word) => JOINT.has(word))) return false;
  const pool = [...words];
  const [first, ...middles] = nameWords(person.firstName);
  const lasts = nameWords(person.lastName);
  if (!first || lasts.length === 0) return false;
  if (!take(pool, first)) return false;
  if (!lasts.every((word) => take(pool, word))) return false;
  // The seller's own middle names may be written out or as initials.
  for (const middle of middles) {
    if (!take(pool, middle)) take(pool, middle.charAt(0));
  }
  // Titles are dropped only now, so a seller named Prince or Chief keeps their name.
  return pool.filter((word) => !isTitle(word)).length <= MAX_EXTRA_WORDS;
}
