import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { DeskClaim } from '@karta/shared/schemas/claims';
import { server, success, testUser } from './server';

/** Another operator's claim, last heard from long ago: a take-over is offered. */
export const adaClaim: DeskClaim = {
  by_user_id: 'op-ada-obi',
  by_name: 'Ada Obi',
  until: '2026-11-21T15:30:00.000Z',
  seen_at: '2026-11-21T15:20:00.000Z',
};

/** The signed-in operator's own claim, heard from now. */
const myClaim = (): DeskClaim => ({
  by_user_id: testUser.id,
  by_name: 'You',
  until: '2026-11-21T15:40:00.000Z',
  seen_at: new Date().toISOString(),
});

const conflict = (code: 'CLAIMED' | 'CLAIM_LOST', message: string) =>
  HttpResponse.json(
    { status: 'error', code, message, errors: [{ field: 'id', message }] },
    { status: 409 },
  );

/**
 * One desk item's claim routes (decision 078: claim, take_over, heartbeat, release under the
 * item's address) as MSW answers them, counting each call in `calls`. The item starts with the
 * `initial` claim; `takenOverBy` makes the next heartbeat answer CLAIM_LOST. Each claim answers
 * a new release token, `tokenOf(1)` first.
 */
export function serveDeskClaim(options: {
  /** The item's API address, e.g. api(`/admin/kyc/${id}`). */
  url: string;
  /** The item as the desk's read answers it, holding `claim`. */
  item: (claim: DeskClaim | null) => { claim: DeskClaim | null };
  initial: DeskClaim | null;
  tokenOf: (n: number) => string;
  /** The desk's words for a claim held by `holder` (a 409 CLAIMED), and for one taken over. */
  heldBy: (holder: string) => string;
  takenBy: (taker: string) => string;
}) {
  const { url, item } = options;
  let current = item(options.initial);
  let tokens = 0;
  const calls: string[] = [];
  let lostTo: string | undefined;
  const claimed = () => {
    tokens += 1;
    current = item(myClaim());
    return success({ ...current, release_token: options.tokenOf(tokens) });
  };
  server.use(
    http.get(url, () => success(current)),
    http.post(`${url}/claim`, () => {
      calls.push('claim');
      if (current.claim && current.claim.by_user_id !== testUser.id) {
        return conflict('CLAIMED', options.heldBy(current.claim.by_name));
      }
      return claimed();
    }),
    http.post(`${url}/take_over`, () => {
      calls.push('take_over');
      return claimed();
    }),
    http.post(`${url}/heartbeat`, () => {
      calls.push('heartbeat');
      if (lostTo) return conflict('CLAIM_LOST', options.takenBy(lostTo));
      return success({ until: '2026-11-21T15:40:00.000Z', seen_at: new Date().toISOString() });
    }),
    http.post(`${url}/release`, () => {
      calls.push('release');
      current = item(null);
      return success({ ...current, released: true });
    }),
  );
  return {
    calls,
    takenOverBy: (claim: DeskClaim) => {
      lostTo = claim.by_name;
      current = item(claim);
    },
  };
}

/** `navigator.sendBeacon`, which jsdom lacks, as a mock that accepts every beacon. */
export function catchBeacons() {
  const sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  return sendBeacon;
}
