import { API_BASE } from '../api-base-url';

/**
 * Ends a claim as its page closes (decisions 072 and 078). A beacon outlives the page but can
 * carry no Authorization header, so the claim's release token in the body is the credential.
 * The body goes as a plain string (text/plain), which a beacon may send without a preflight; the
 * server reads it as JSON. `path` is the desk's beacon route (`/trade_claims/release`), `body`
 * names the claimed item and carries the token. Answers whether the browser queued it.
 */
export function sendReleaseBeacon(path: string, body: Record<string, string>): boolean {
  const text = JSON.stringify(body);
  const url = `${API_BASE}${path}`;
  if (typeof navigator.sendBeacon === 'function') return navigator.sendBeacon(url, text);
  // Without sendBeacon, a keepalive fetch also outlives the page.
  void fetch(url, { method: 'POST', body: text, keepalive: true, credentials: 'omit' }).catch(
    () => undefined,
  );
  return true;
}
