import { API_BASE } from '../../lib/api-base-url';

/**
 * Ends a claim as its page closes (decision 072). A beacon outlives the page but can carry no
 * Authorization header, so the claim's release token in the body is the credential. The body
 * goes as a plain string (text/plain), which a beacon may send without a preflight; the server
 * reads it as JSON. Answers whether the browser queued it.
 */
export function sendReleaseBeacon(tradeId: string, releaseToken: string): boolean {
  const body = JSON.stringify({ trade_id: tradeId, release_token: releaseToken });
  const url = `${API_BASE}/trade_claims/release`;
  if (typeof navigator.sendBeacon === 'function') return navigator.sendBeacon(url, body);
  // Without sendBeacon, a keepalive fetch also outlives the page.
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(
    () => undefined,
  );
  return true;
}
