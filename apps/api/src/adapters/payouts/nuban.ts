/** CBN's NUBAN weights, over the 3-digit bank code and the 9-digit serial. */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/**
 * True when the 10-digit account number's last digit is the NUBAN check digit for this bank's
 * 3-digit CBN code: 10 minus (the weighted sum mod 10), and 0 when that is 10.
 */
export function isValidNuban(cbnCode: string, accountNumber: string): boolean {
  if (!/^\d{3}$/.test(cbnCode) || !/^\d{10}$/.test(accountNumber)) return false;
  const digits = `${cbnCode}${accountNumber.slice(0, 9)}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (WEIGHTS[i] ?? 0), 0);
  const check = (10 - (sum % 10)) % 10;
  return check === Number(accountNumber.charAt(9));
}

/** The check digit that completes a 9-digit serial at this bank (for tests and the sandbox). */
export function nubanCheckDigit(cbnCode: string, serial: string): string {
  const digits = `${cbnCode}${serial}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (WEIGHTS[i] ?? 0), 0);
  return String((10 - (sum % 10)) % 10);
}
