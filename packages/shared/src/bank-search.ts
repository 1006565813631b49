/**
 * Finding a bank by the name people use for it: "GTB", "GTBank", "UBA", "FCMB",
 * "First Bank", "Moniepoint", a slip of the thumb ("Fidelty", "Zenit"). The list comes from the
 * payout provider (Paystack's names, e.g. "Guaranty Trust Bank"), so the names people use are
 * kept here by the provider's bank code, and the initials of every name are worked out.
 */

/** What people call the bank, by Paystack's bank code (apps/api/src/adapters/payouts). */
const NAMES_PEOPLE_USE: Readonly<Record<string, readonly string[]>> = {
  '044': ['access'],
  '063': ['diamond', 'access diamond'],
  '023': ['citi', 'citibank'],
  '050': ['eco', 'ecobank'],
  '070': ['fidelity'],
  '011': ['first bank', 'firstbank', 'fbn', 'first'],
  '214': ['fcmb', 'first city'],
  '00103': ['globus'],
  '058': ['gtb', 'gtbank', 'gt bank', 'gtco', 'guaranty', 'guarantee trust'],
  '030': ['heritage'],
  '301': ['jaiz'],
  '082': ['keystone'],
  '50211': ['kuda'],
  '303': ['lotus'],
  '50515': ['moniepoint', 'monie point', 'monie'],
  '999992': ['opay', 'o pay', 'paycom'],
  '107': ['optimus'],
  '999991': ['palmpay', 'palm pay'],
  '526': ['parallex', 'parralex'],
  '076': ['polaris', 'skye'],
  '105': ['premium trust', 'premiumtrust'],
  '101': ['providus', 'providous'],
  '106': ['signature'],
  '221': ['stanbic', 'ibtc', 'stanbic ibtc'],
  '068': ['standard chartered', 'stanchart', 'scb'],
  '232': ['sterling'],
  '100': ['suntrust', 'sun trust'],
  '302': ['taj'],
  '102': ['titan', 'titan trust'],
  '032': ['union', 'union bank', 'ubn'],
  '033': ['uba', 'united bank'],
  '215': ['unity'],
  '035': ['wema', 'alat'],
  '057': ['zenith'],
};

/** Words that carry no name: left out of initials and of the words a typo is checked against. */
const FILLER = new Set(['of', 'for', 'and', 'the', 'plc', 'limited', 'ltd', 'nigeria', 'bank']);

/** Lower case, letters and digits only, single spaces: "G.T. Bank" → "g t bank". */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** "First City Monument Bank" → "fcm" and "fcmb" (initials with and without the filler). */
function initialsOf(name: string): string[] {
  const words = plain(name).split(' ');
  const all = words.map((word) => word.charAt(0)).join('');
  const named = words
    .filter((word) => !FILLER.has(word))
    .map((word) => word.charAt(0))
    .join('');
  return [...new Set([all, named])].filter((initials) => initials.length >= 2);
}

/** At most one letter added, dropped, changed or two swapped (Damerau-Levenshtein ≤ 1). */
function isOneSlipAway(typed: string, word: string): boolean {
  if (Math.abs(typed.length - word.length) > 1) return false;
  if (typed === word) return true;
  let i = 0;
  while (i < typed.length && i < word.length && typed[i] === word[i]) i += 1;
  const [a, b] = [typed.slice(i), word.slice(i)];
  return (
    a.slice(1) === b.slice(1) || // changed
    a.slice(1) === b || // added
    a === b.slice(1) || // dropped
    (a.length >= 2 && a[0] === b[1] && a[1] === b[0] && a.slice(2) === b.slice(2)) // swapped
  );
}

interface SearchableBank {
  name: string;
  code: string;
}

/**
 * How well a bank answers what was typed: 3 a name people use or the initials, from their
 * start; 2 the official name from a word's start; 1 anywhere in the name, or one slip away from
 * a word of it (five letters or more); 0 no match.
 */
function bankMatchScore(bank: SearchableBank, typed: string): number {
  const query = plain(typed);
  if (query === '') return 1;
  const squeezed = query.replace(/ /g, '');
  const known = (NAMES_PEOPLE_USE[bank.code] ?? []).map(plain);
  const initials = initialsOf(bank.name);
  if ([...known, ...initials].some((name) => name.replace(/ /g, '').startsWith(squeezed))) {
    return 3;
  }
  const name = plain(bank.name);
  if (name.startsWith(query) || name.includes(` ${query}`)) return 2;
  if (name.replace(/ /g, '').includes(squeezed)) return 1;
  if (query.length >= 5) {
    const words = [...name.split(' '), ...known.flatMap((each) => each.split(' '))].filter(
      (word) => !FILLER.has(word),
    );
    if (words.some((word) => isOneSlipAway(query, word.slice(0, query.length + 1)))) return 1;
  }
  return 0;
}

/**
 * The banks that answer what was typed, best first (then in the list's order), with the banks
 * the seller used before (by name, the last used first) at the top of an empty search and of
 * equal matches.
 */
export function searchBanks<T extends SearchableBank>(
  banks: readonly T[],
  typed: string,
  usedBefore: readonly string[] = [],
): T[] {
  const used = usedBefore.map(plain);
  const usedRank = (bank: T) => {
    const at = used.indexOf(plain(bank.name));
    return at === -1 ? used.length : at;
  };
  return banks
    .map((bank, index) => ({ bank, index, score: bankMatchScore(bank, typed) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || usedRank(a.bank) - usedRank(b.bank) || a.index - b.index)
    .map(({ bank }) => bank);
}
