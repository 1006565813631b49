import { createHash } from 'node:crypto';

const FIRST_NAMES = [
  'Adaeze',
  'Chinedu',
  'Oluwaseun',
  'Ngozi',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Aisha',
  'Tunde',
  'Zainab',
  'Obinna',
  'Yetunde',
  'Musa',
  'Chiamaka',
  'Segun',
  'Halima',
  'Ifeanyi',
  'Bukola',
];
const LAST_NAMES = [
  'Okonkwo',
  'Adeyemi',
  'Bello',
  'Eze',
  'Okafor',
  'Abubakar',
  'Olawale',
  'Nwosu',
  'Ogunleye',
  'Danjuma',
  'Chukwu',
  'Adebayo',
  'Umar',
  'Obi',
  'Balogun',
  'Ibekwe',
  'Suleiman',
  'Afolabi',
];

/** A made-up Nigerian name, always the same for the same account at the same bank. */
export function sandboxAccountName(bankCode: string, accountNumber: string): string {
  const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  const first = FIRST_NAMES[digest.readUInt16BE(0) % FIRST_NAMES.length] ?? 'Ada';
  const last = LAST_NAMES[digest.readUInt16BE(2) % LAST_NAMES.length] ?? 'Eze';
  return `${last.toUpperCase()} ${first.toUpperCase()}`;
}
