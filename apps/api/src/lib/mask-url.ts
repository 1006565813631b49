/**
 * A connection URL fit to print: its password replaced by `***`. One that does not parse is not
 * echoed at all (it could be a password pasted in the wrong place).
 */
export function maskUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(an unreadable URL)';
  }
  if (parsed.password) parsed.password = '***';
  // Passwords can also ride in the query (`?password=`), as libpq allows.
  for (const key of [...parsed.searchParams.keys()]) {
    if (/pass/i.test(key)) parsed.searchParams.set(key, '***');
  }
  return parsed.toString();
}
