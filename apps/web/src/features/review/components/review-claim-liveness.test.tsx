import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchBeacons } from '../../../testing/desk-claim-fixtures';
import { renderApp, signedInState } from '../../../testing/render';
import {
  claimBy,
  makeAdminTrade,
  otherOperator,
  releaseTokenOf,
  serveReview,
} from '../../../testing/review-fixtures';
import { http } from 'msw';
import { api, failure, server, testUser } from '../../../testing/server';

/**
 * Decision 072: the review page keeps its claim by a heartbeat while visible, ends it by a
 * beacon with the claim's release token when the tab closes, offers to take over a claim whose
 * page has been silent for a minute, and says plainly when its own claim was taken over.
 */

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/console/trades/trade-1';

const operator = () => signedInState({ role: 'operator' });
const claimNotice = () => screen.findByRole('region', { name: 'Review claim' }, TIMEOUT);
const findOwnClaim = async () =>
  within(await claimNotice()).findByText(/You are reviewing this trade until/, undefined, TIMEOUT);

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

let sendBeacon: ReturnType<typeof catchBeacons>;
beforeEach(() => {
  sendBeacon = catchBeacons();
});
afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('the claim’s heartbeat', () => {
  it('beats every 30 seconds while the page is visible, not while hidden, and at once on return', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const review = serveReview([makeAdminTrade()], testUser.id);
    renderApp(DETAIL, { preloadedState: operator() });
    await findOwnClaim();
    const beats = () => review.claimCalls.filter((call) => call.action === 'heartbeat').length;
    expect(beats()).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => {
      expect(beats()).toBe(1);
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => {
      expect(beats()).toBe(3);
    });

    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
    expect(beats()).toBe(3);
    act(() => {
      setVisibility('visible');
    });
    await waitFor(() => {
      expect(beats()).toBe(4);
    });
    // Heartbeats keep the claim: no second claim call, and no release.
    expect(review.claimCalls.filter((call) => call.action !== 'heartbeat')).toEqual([
      { action: 'claim', id: 'trade-1' },
    ]);
  });
});

describe('closing the tab', () => {
  it('sends a beacon with the claim’s release token, not a call that needs the session', async () => {
    const review = serveReview([makeAdminTrade()], testUser.id);
    renderApp(DETAIL, { preloadedState: operator() });
    await findOwnClaim();
    const callsBefore = review.claimCalls.length;
    window.dispatchEvent(new Event('pagehide'));

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe(`${window.location.origin}/api/v1/trade_claims/release`);
    expect(JSON.parse(String(body))).toEqual({
      trade_id: 'trade-1',
      release_token: releaseTokenOf(1),
    });
    // Nothing sent that needs the session (a closing page cannot refresh an expired one).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(review.claimCalls.slice(callsBefore)).toEqual([]);

    // Closed once: a second pagehide sends nothing more.
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});

describe('leaving the page within the app', () => {
  it('releases by the claim’s token when the session has ended meanwhile', async () => {
    serveReview([makeAdminTrade()], testUser.id);
    const { user } = renderApp(DETAIL, { preloadedState: operator() });
    await findOwnClaim();
    // Signed out on another device: the release that needs the session is refused.
    server.use(
      http.post(api('/admin/trades/:id/release'), () => failure(403, 'Your session has ended.')),
    );
    await user.click(screen.getByRole('link', { name: 'Back to the queue' }));
    await waitFor(() => {
      expect(sendBeacon).toHaveBeenCalledTimes(1);
    });
    const [, body] = sendBeacon.mock.calls[0] ?? [];
    expect(JSON.parse(String(body))).toEqual({
      trade_id: 'trade-1',
      release_token: releaseTokenOf(1),
    });
  });
});

describe('taking over a claim', () => {
  it('is offered only once the holder’s page has been silent a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveReview([makeAdminTrade({ claim: claimBy(otherOperator, 9, 45) })], testUser.id);
    renderApp(DETAIL, { preloadedState: operator() });
    const notice = await claimNotice();
    await within(notice).findByText(/Ada Obi is reviewing/, undefined, TIMEOUT);
    expect(within(notice).queryByRole('button', { name: 'Take over' })).not.toBeInTheDocument();
    // Fifteen seconds on, their page has been silent a minute: the page sees it without a reload.
    await act(() => vi.advanceTimersByTimeAsync(16_000));
    expect(
      await within(notice).findByRole('button', { name: 'Take over' }, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('is offered after a minute of silence, asks first, and makes the trade this operator’s', async () => {
    const review = serveReview(
      [makeAdminTrade({ claim: claimBy(otherOperator, 8, 90) })],
      testUser.id,
    );
    const { user } = renderApp(DETAIL, { preloadedState: operator() });
    const notice = await claimNotice();
    expect(
      await within(notice).findByText(
        /Their page has sent no sign of life since \d\d:\d\d: they may have left it open/,
        undefined,
        TIMEOUT,
      ),
    ).toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Take over' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Take over this trade from Ada Obi?',
    });
    expect(dialog).toHaveTextContent('Their page will say they lost it');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(review.claimCalls.some((call) => call.action === 'take_over')).toBe(false);

    await user.click(within(notice).getByRole('button', { name: 'Take over' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take over' }),
    );
    await findOwnClaim();
    expect(review.claimCalls.at(-1)).toEqual({ action: 'take_over', id: 'trade-1' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Approve' })).toBeInTheDocument();

    // The new claim's token is the one the closing page sends.
    window.dispatchEvent(new Event('pagehide'));
    const [, body] = sendBeacon.mock.calls[0] ?? [];
    expect(JSON.parse(String(body))).toMatchObject({ release_token: releaseTokenOf(1) });
  });
});

describe('a claim taken over', () => {
  it('is noticed on the next heartbeat and said plainly; the page stops beating', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const review = serveReview([makeAdminTrade()], testUser.id);
    renderApp(DETAIL, { preloadedState: operator() });
    await findOwnClaim();
    expect(screen.getByRole('region', { name: 'Approve' })).toBeInTheDocument();

    // Ada took it over while this page was silent.
    const taken = review.trade('trade-1');
    if (!taken) throw new Error('no trade');
    review.setTrade({ ...taken, claim: claimBy(otherOperator) });
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    const notice = await claimNotice();
    expect(await within(notice).findByRole('alert', undefined, TIMEOUT)).toHaveTextContent(
      'Ada Obi took over this trade. You are no longer reviewing it, and cannot decide it.',
    );
    await waitFor(() => {
      expect(notice).toHaveTextContent('Ada Obi is reviewing this trade until');
    });
    expect(screen.queryByRole('region', { name: 'Approve' })).not.toBeInTheDocument();

    const beats = review.claimCalls.filter((call) => call.action === 'heartbeat').length;
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(review.claimCalls.filter((call) => call.action === 'heartbeat')).toHaveLength(beats);
    // Nor does closing the tab try to release what is no longer this page's.
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
