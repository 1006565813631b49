/** The claims of a JWT (not verified: the server does that), or null when it cannot be read. */
function readClaims(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` of a JWT in milliseconds, or null when the token cannot be read. */
export function readTokenExpiry(token: string): number | null {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The sign-in an access token belongs to (its `sid`): what "sign out this device" ends. */
export function readTokenSessionId(token: string): string | null {
  const sid = readClaims(token)?.sid;
  return typeof sid === 'string' ? sid : null;
}
