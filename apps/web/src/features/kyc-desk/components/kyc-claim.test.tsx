import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskClaim } from '@karta/shared/schemas/claims';
import { kycReview } from '../../../testing/kyc-desk-fixtures';
import { renderApp, signedInState } from '../../../testing/render';
import {
  adaClaim as ada,
  catchBeacons,
  serveDeskClaim,
} from '../../../testing/desk-claim-fixtures';
import { api } from '../../../testing/server';

/**
 * Decision 078: the KYC review page holds its claim with the hook the trade review page uses
 * (decision 072): claimed on opening, kept by a heartbeat every 30 seconds while visible, ended
 * by a beacon with the claim's release token when the tab closes, taken over from a page silent
 * for a minute, and lost plainly when a heartbeat says someone else has it.
 */

const TIMEOUT = { timeout: 5000 };
// Each test its own submission: the page a test leaves releases its claim a moment later.
let ID = '';
let PAGE = '';
let tests = 0;
const tokenOf = (n: number) => `kyc-token-${String(n)}`.padEnd(43, 'x');

/** The submission with `claim`, its ID photo one-sided. */
const review = (claim: DeskClaim | null) =>
  kycReview({ id: ID, claim, images: { ...kycReview().images, id_back: null } });

/** The submission's claim routes, a new submission for each test. */
function serveDesk(initial: DeskClaim | null) {
  tests += 1;
  ID = `7f1c7e4e-9a55-4c55-8d4e-2a3b1c0d9e${String(tests).padStart(2, '0')}`;
  PAGE = `/console/kyc/${ID}`;
  return serveDeskClaim({
    url: api(`/admin/kyc/${ID}`),
    item: review,
    initial,
    tokenOf,
    heldBy: (holder) => `${holder} is reviewing these documents until 16:30.`,
    takenBy: (taker) =>
      `${taker} took over these documents. You are no longer reviewing them, and cannot decide them.`,
  });
}

const operator = () => signedInState({ role: 'operator' });
const decision = () => screen.findByRole('region', { name: 'Decision' }, TIMEOUT);

let sendBeacon: ReturnType<typeof catchBeacons>;
beforeEach(() => {
  sendBeacon = catchBeacons();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the KYC review page’s claim', () => {
  it('claims on opening and keeps the claim by a heartbeat every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const desk = serveDesk(null);
    renderApp(PAGE, { preloadedState: operator() });
    expect(
      await within(await decision()).findByText(/You are reviewing these documents until/),
    ).toBeInTheDocument();
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
    await within(await decision()).findByText(/You are reviewing these documents until/);
    window.dispatchEvent(new Event('pagehide'));

    // (The page the last test left may beacon its own claim too: only this one's is counted.)
    const ours = sendBeacon.mock.calls.filter(([, body]) => body.includes(ID));
    expect(ours).toHaveLength(1);
    const [url, body] = ours[0] ?? [];
    expect(url).toBe(`${window.location.origin}/api/v1/kyc_claims/release`);
    expect(JSON.parse(String(body))).toEqual({ submission_id: ID, release_token: tokenOf(1) });
  });

  it('offers to take over a claim whose page has been silent a minute, asking first', async () => {
    const desk = serveDesk(ada);
    const { user } = renderApp(PAGE, { preloadedState: operator() });
    const notice = await decision();
    expect(
      await within(notice).findByText(/Ada Obi is reviewing these documents until/),
    ).toBeInTheDocument();
    await user.click(await within(notice).findByRole('button', { name: 'Take over' }, TIMEOUT));
    const dialog = await screen.findByRole('dialog', {
      name: 'Take over these documents from Ada Obi?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    expect(
      await screen.findByRole('button', { name: 'Approve: tier 3' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(desk.calls.at(-1)).toBe('take_over');
  });

  it('does not offer a take-over while the holder’s page is heard from', async () => {
    serveDesk({ ...ada, seen_at: new Date().toISOString() });
    renderApp(PAGE, { preloadedState: operator() });
    expect(
      await screen.findByText(/Ada Obi is reviewing these documents until/, undefined, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument();
  });

  it('says plainly when a heartbeat finds the claim taken over, and stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const desk = serveDesk(null);
    renderApp(PAGE, { preloadedState: operator() });
    await within(await decision()).findByText(/You are reviewing these documents until/);

    desk.takenOverBy(ada);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const said = await screen.findByText(
      /^Ada Obi took over these documents\./,
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
