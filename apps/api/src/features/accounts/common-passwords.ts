import { MESSAGES } from '@karta/shared/messages';
import { AppError } from '../../lib/app-error';

/**
 * Look-alike characters people put in place of letters ("P@ssw0rd"). Where one stands for two
 * letters ("1" for i or l) each reading is tried, so the table has two columns.
 */
const LEET: Record<string, [string, string]> = {
  '@': ['a', 'a'],
  '4': ['a', 'a'],
  '8': ['b', 'b'],
  '3': ['e', 'e'],
  '6': ['g', 'g'],
  '9': ['g', 'g'],
  '0': ['o', 'o'],
  $: ['s', 's'],
  '5': ['s', 's'],
  '+': ['t', 't'],
  '7': ['t', 'l'],
  '1': ['i', 'l'],
  '!': ['i', 'l'],
  '|': ['i', 'l'],
};

const readAs = (text: string, column: 0 | 1) =>
  text.replace(/[^a-z]/g, (char) => LEET[char]?.[column] ?? char);

const stripLeading = (text: string) => text.replace(/^[^a-z]+/, '');
const stripTrailing = (text: string) => text.replace(/[^a-z]+$/, '');
/** Symbols only, so "password1!" keeps the "password1" that the list has as it is. */
const stripEdgeSymbols = (text: string) => text.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');

/**
 * What a password may be once the decorations the composition rule forces are taken off: the
 * case, digits and symbols around it, look-alike characters inside it. Only whole results are
 * compared, so a long password that merely contains a common word is not affected.
 */
export function passwordReadings(password: string): Set<string> {
  const lower = password.normalize('NFKC').toLowerCase();
  const cores = [
    lower,
    stripLeading(lower),
    stripTrailing(lower),
    stripLeading(stripTrailing(lower)),
    stripEdgeSymbols(lower),
  ];
  const readings = new Set<string>();
  for (const core of cores) {
    readings.add(core);
    for (const column of [0, 1] as const) {
      const plain = readAs(core, column);
      readings.add(plain);
      readings.add(stripLeading(stripTrailing(plain)));
    }
  }
  readings.delete('');
  return readings;
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The @zxcvbn-ts/language-common list (MIT; about 49,000 passwords from leaked-password
 * frequency lists, most common first). Loaded on first use, once: about 30 ms and 3 MiB of heap.
 */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common/dist/passwords.json.mjs').then(
    (module) => new Set(module.default),
  );
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const common = await loadCommonPasswords();
  for (const reading of passwordReadings(password)) if (common.has(reading)) return true;
  return false;
}

/** Refuses a password that is on the common list in any of its readings. */
export async function assertNotCommonPassword(password: string, field: string) {
  if (await isCommonPassword(password)) {
    throw new AppError('BAD_REQUEST', MESSAGES.PASSWORD_TOO_COMMON, { field });
  }
}
