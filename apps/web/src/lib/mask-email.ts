/**
 * The e-mail as the OTP steps show it (docs/product.md §2, §4): its first four characters become
 * asterisks, so a shoulder-surfer cannot read the address while the owner still recognises it.
 */
export function maskEmail(email: string): string {
  const hidden = Math.min(4, email.length);
  return '*'.repeat(hidden) + email.slice(hidden);
}
