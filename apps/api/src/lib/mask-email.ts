/**
 * An e-mail address as a log line may show it: the first two characters of the name and the
 * domain (`ch***@example.com`), enough to tell mails apart, not enough to name the person.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return '***';
  return `${address.slice(0, Math.min(2, Math.max(at - 1, 0)))}***${address.slice(at)}`;
}

/** Anything shaped like an address inside free text (an SMTP server's reply, say). */
const ADDRESS_IN_TEXT = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+/g;

export const maskEmailsIn = (text: string) => text.replace(ADDRESS_IN_TEXT, maskEmail);
