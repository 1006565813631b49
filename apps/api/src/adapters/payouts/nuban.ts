/** CBN's NUBAN weights, over the 3-digit bank code and the 9-digit serial. */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/**
 * True when the 10-digit account number's last digit is the NUBAN check digit for this bank's
 * 3-digit CBN code: 10 minus (the weighted sum mod 10), and 0 when that is 10.
 */
export function isValidNuban(cbnCode: string, accountNumber: string): boolean {
  if (!/^\d{3}$/.test(cbnCode) || !/^\d{10}$/.test(accountNumber)) return false;
  return nubanCheckDigit(cbnCode, accountNumber.slice(0, 9)) === accountNumber.charAt(9);
}

/** The check digit that completes a 9-digit serial at this bank (for tests and the sandbox). */
export function nubanCheckDigit(cbnCode: string, serial: string): string {
  const digits = `${cbnCode}${serial}`;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i += 1) sum += Number(digits.charAt(i)) * (WEIGHTS[i] ?? 0);
  return String((10 - (sum % 10)) % 10);
}
