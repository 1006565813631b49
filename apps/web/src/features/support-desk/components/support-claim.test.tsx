import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskClaim } from '@karta/shared/schemas/claims';
import type { SupportConversation } from '@karta/shared/schemas/support';
import { renderApp, signedInState } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';

/**
 * Decision 078: the support desk's conversation page holds its claim with the hook the trade
 * review page uses (decision 072): claimed on opening, kept by a heartbeat every 30 seconds
 * while visible, ended by a beacon with the claim's release token when the tab closes, taken
 * over from a page silent for a minute, and lost plainly when a heartbeat says so.
 */

const TIMEOUT = { timeout: 5000 };
// Each test its own conversation: the page a test leaves releases its claim a moment later.
let ID = '';
let CONVERSATION = '';
let PAGE = '';
let tests = 0;
const tokenOf = (n: number) => `support-token-${String(n)}`.padEnd(43, 'x');

const ada: DeskClaim = {
  by_user_id: 'op-ada-obi',
  by_name: 'Ada Obi',
  until: '2026-11-21T15:30:00.000Z',
  seen_at: '2026-11-21T15:20:00.000Z',
};
const mine = (): DeskClaim => ({
  by_user_id: testUser.id,
  by_name: 'You',
  until: '2026-11-21T15:40:00.000Z',
  seen_at: new Date().toISOString(),
});

const conversation = (claim: DeskClaim | null): SupportConversation => ({
  id: ID,
  status: 'open',
  trade: null,
  seller: {
    id: '1b0e2f52-4b1c-4c1e-9d7a-5a8e3c2d1f00',
    first_name: 'Chiamaka',
    last_name: 'Okafor',
    email: 'chiamaka@example.com',
  },
  claim,
  waiting_since: '2026-11-21T13:10:00.000Z',
  waiting_minutes: 125,
  last_message_at: '2026-11-21T13:10:00.000Z',
  last_message_preview: 'Where is my money?',
  messages: [],
  resolved_at: null,
});

/** The desk's claim routes as MSW answers them, counting each call. */
function serveDesk(initial: DeskClaim | null) {
  tests += 1;
  ID = `5b1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e${String(tests).padStart(2, '0')}`;
  CONVERSATION = api(`/admin/support/${ID}`);
  PAGE = `/console/support/${ID}`;
  let current = conversation(initial);
  let tokens = 0;
  const calls: string[] = [];
  let lostTo: string | undefined;
  const claimed = () => {
    tokens += 1;
    current = conversation(mine());
    return success({ ...current, release_token: tokenOf(tokens) });
  };
  server.use(
    http.get(CONVERSATION, () => success(current)),
    http.post(`${CONVERSATION}/claim`, () => {
      calls.push('claim');
      if (current.claim && current.claim.by_user_id !== testUser.id) {
        const message = `${current.claim.by_name} is answering this conversation until 16:30.`;
        return HttpResponse.json(
          { status: 'error', code: 'CLAIMED', message, errors: [{ field: 'id', message }] },
          { status: 409 },
        );
      }
      return claimed();
    }),
    http.post(`${CONVERSATION}/take_over`, () => {
      calls.push('take_over');
      return claimed();
    }),
    http.post(`${CONVERSATION}/heartbeat`, () => {
      calls.push('heartbeat');
      if (lostTo) {
        const message = `${lostTo} took over this conversation. You are no longer answering it here.`;
        return HttpResponse.json(
          { status: 'error', code: 'CLAIM_LOST', message, errors: [{ field: 'id', message }] },
          { status: 409 },
        );
      }
      return success({ until: '2026-11-21T15:40:00.000Z', seen_at: new Date().toISOString() });
    }),
    http.post(`${CONVERSATION}/release`, () => {
      calls.push('release');
      current = conversation(null);
      return success({ ...current, released: true });
    }),
  );
  return {
    calls,
    takenOverBy: (claim: DeskClaim) => {
      lostTo = claim.by_name;
      current = conversation(claim);
    },
  };
}

const operator = () => signedInState({ role: 'operator' });
const ownClaim = () => screen.findByText(/^You are answering until/, undefined, TIMEOUT);

let sendBeacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;
beforeEach(() => {
  sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the support conversation page’s claim', () => {
  it('claims on opening and keeps the claim by a heartbeat every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const desk = serveDesk(null);
    renderApp(PAGE, { preloadedState: operator() });
    expect(await ownClaim()).toBeInTheDocument();
    expect(desk.calls).toEqual(['claim']);

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => {
      expect(desk.calls.filter((call) => call === 'heartbeat')).toHaveLength(2);
    });
    expect(desk.calls.filter((call) => call === 'claim')).toHaveLength(1);
  });

  it('sends a beacon with the claim’s release token when the tab closes', async () => {
    serveDesk(null);
    renderApp(PAGE, { preloadedState: operator() });
    await ownClaim();
    window.dispatchEvent(new Event('pagehide'));

    // (The page the last test left may beacon its own claim too: only this one's is counted.)
    const ours = sendBeacon.mock.calls.filter(([, body]) => body.includes(ID));
    expect(ours).toHaveLength(1);
    const [url, body] = ours[0] ?? [];
    expect(url).toBe(`${window.location.origin}/api/v1/support_claims/release`);
    expect(JSON.parse(String(body))).toEqual({ conversation_id: ID, release_token: tokenOf(1) });
  });

  it('offers to take over a claim whose page has been silent a minute, asking first', async () => {
    const desk = serveDesk(ada);
    const { user } = renderApp(PAGE, { preloadedState: operator() });
    expect(
      await screen.findByText(/^Ada Obi is answering until/, undefined, TIMEOUT),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Take over' }, TIMEOUT));
    const dialog = await screen.findByRole('dialog', {
      name: 'Take over this conversation from Ada Obi?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    expect(await ownClaim()).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Reply to the seller/ })).toBeInTheDocument();
    expect(desk.calls.at(-1)).toBe('take_over');
  });

  it('does not offer a take-over while the holder’s page is heard from', async () => {
    serveDesk({ ...ada, seen_at: new Date().toISOString() });
    renderApp(PAGE, { preloadedState: operator() });
    expect(
      await screen.findByText(/^Ada Obi is answering until/, undefined, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument();
  });

  it('says plainly when a heartbeat finds the claim taken over, and stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const desk = serveDesk(null);
    renderApp(PAGE, { preloadedState: operator() });
    await ownClaim();

    desk.takenOverBy(ada);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const said = await screen.findByText(
      /^Ada Obi took over this conversation\./,
      undefined,
      TIMEOUT,
    );
    expect(said).toHaveAttribute('role', 'alert');
    const beats = desk.calls.filter((call) => call === 'heartbeat').length;
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(desk.calls.filter((call) => call === 'heartbeat')).toHaveLength(beats);
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon.mock.calls.filter(([, body]) => body.includes(ID))).toEqual([]);
  });
});
