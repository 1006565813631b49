import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskClaim } from '@karta/shared/schemas/claims';
import type { SupportConversation } from '@karta/shared/schemas/support';
import { renderApp, signedInState } from '../../../testing/render';
import {
  adaClaim as ada,
  catchBeacons,
  serveDeskClaim,
} from '../../../testing/desk-claim-fixtures';
import { api } from '../../../testing/server';

/**
 * Decision 078: the support desk's conversation page holds its claim with the hook the trade
 * review page uses (decision 072): claimed on opening, kept by a heartbeat every 30 seconds
 * while visible, ended by a beacon with the claim's release token when the tab closes, taken
 * over from a page silent for a minute, and lost plainly when a heartbeat says so.
 */

const TIMEOUT = { timeout: 5000 };
// Each test its own conversation: the page a test leaves releases its claim a moment later.
let ID = '';
let PAGE = '';
let tests = 0;
const tokenOf = (n: number) => `support-token-${String(n)}`.padEnd(43, 'x');

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

/** The conversation's claim routes, a new conversation for each test. */
function serveDesk(initial: DeskClaim | null) {
  tests += 1;
  ID = `5b1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e${String(tests).padStart(2, '0')}`;
  PAGE = `/console/support/${ID}`;
  return serveDeskClaim({
    url: api(`/admin/support/${ID}`),
    item: conversation,
    initial,
    tokenOf,
    heldBy: (holder) => `${holder} is answering this conversation until 16:30.`,
    takenBy: (taker) =>
      `${taker} took over this conversation. You are no longer answering it here.`,
  });
}

const operator = () => signedInState({ role: 'operator' });
const ownClaim = () => screen.findByText(/^You are answering until/, undefined, TIMEOUT);

let sendBeacon: ReturnType<typeof catchBeacons>;
beforeEach(() => {
  sendBeacon = catchBeacons();
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
