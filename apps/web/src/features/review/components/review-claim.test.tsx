import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import {
  claimBy,
  makeAdminTrade,
  otherOperator,
  serveReview,
} from '../../../testing/review-fixtures';
import { testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const DETAIL = '/console/trades/trade-1';
/** 13:32 UTC is 14:32 in Lagos: a claim made now lasts until 14:42. */
const NOW = new Date('2026-11-21T13:32:00.000Z');

const operator = () => signedInState({ role: 'operator' });
const findTitle = (reference = 'KT-7K3M9QX2') =>
  screen.findByRole('heading', { level: 1, name: `Trade ${reference}` }, TIMEOUT);
const claimNotice = () => screen.findByRole('region', { name: 'Review claim' }, TIMEOUT);

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('claiming a trade under review', () => {
  it('claims on opening, says until when in Lagos time, and releases on leaving', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const review = serveReview([makeAdminTrade()], testUser.id);
    const { user, router } = renderApp(DETAIL, { preloadedState: operator(), isStrict: true });
    await findTitle();
    expect(
      await within(await claimNotice()).findByText(
        'You are reviewing this trade until 14:42.',
        undefined,
        TIMEOUT,
      ),
    ).toBeInTheDocument();
    // StrictMode mounts twice; the claim is still made once, and not released in between.
    expect(review.claimCalls).toEqual([{ action: 'claim', id: 'trade-1' }]);
    expect(screen.getByRole('region', { name: 'Approve' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to the queue' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/console/trades');
    });
    await waitFor(() => {
      expect(review.claimCalls.at(-1)).toEqual({ action: 'release', id: 'trade-1' });
    });
    expect(review.claimCalls).toHaveLength(2);
    expect(review.trade('trade-1')?.claim).toBeNull();
    const row = within(await screen.findByRole('list', { name: 'Pending trades' }, TIMEOUT))
      .getAllByRole('listitem')
      .at(0);
    expect(row).not.toHaveTextContent('reviewing');
  });

  it('names the operator who holds it and offers no decision', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const review = serveReview([makeAdminTrade({ claim: claimBy(otherOperator, 7) })], testUser.id);
    renderApp(DETAIL, { preloadedState: operator() });
    await findTitle();
    const notice = await claimNotice();
    expect(notice).toHaveTextContent(
      'Ada Obi is reviewing this trade until 14:39. You can look at it, but only they can decide it until then.',
    );
    expect(within(notice).getByRole('button', { name: 'Next pending trade' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reject' })).not.toBeInTheDocument();
    // The page tried, and was told who holds it (the toast says the same words).
    await waitFor(() => {
      expect(review.claimCalls).toContainEqual({ action: 'claim', id: 'trade-1' });
    });
    expect(
      await screen.findByText(
        'Ada Obi is reviewing this trade until 14:39. Pick another trade, or try again once they are done.',
        { selector: '[role="alert"] *, [role="alert"]' },
        TIMEOUT,
      ),
    ).toBeInTheDocument();
  });

  it('offers the trade once the other claim has ended', async () => {
    const review = serveReview(
      [
        makeAdminTrade({
          claim: {
            holder: otherOperator,
            until: new Date(Date.now() + 1500).toISOString(),
            seen_at: new Date().toISOString(),
          },
        }),
      ],
      testUser.id,
    );
    const { user } = renderApp(DETAIL, { preloadedState: operator() });
    await within(await claimNotice()).findByText(/Ada Obi is reviewing/, undefined, TIMEOUT);
    // The page notices the moment the claim ends, without being told.
    const take = await screen.findByRole('button', { name: 'Review this trade' }, TIMEOUT);
    await user.click(take);
    expect(
      await within(await claimNotice()).findByText(
        /You are reviewing this trade until/,
        undefined,
        TIMEOUT,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Approve' })).toBeInTheDocument();
    expect(review.claimCalls.filter((call) => call.action === 'claim')).toHaveLength(2);
  });

  it('goes to the oldest pending trade nobody else is reviewing', async () => {
    const review = serveReview(
      [
        makeAdminTrade({ status: 'cancelled' }),
        makeAdminTrade({
          id: 'trade-2',
          reference: 'KT-TAKEN002',
          created_at: '2026-11-21T13:10:00.000Z',
          claim: claimBy(),
        }),
        makeAdminTrade({
          id: 'trade-3',
          reference: 'KT-FREE0003',
          created_at: '2026-11-21T13:20:00.000Z',
        }),
      ],
      testUser.id,
    );
    const { user, router } = renderApp(DETAIL, { preloadedState: operator() });
    await findTitle();
    await user.click(screen.getByRole('button', { name: 'Next pending trade' }));
    await findTitle('KT-FREE0003');
    expect(router.state.location.pathname).toBe('/console/trades/trade-3');
    expect(review.listRequests.at(-1)?.get('claimable')).toBe('true');
  });
});

describe('the queue’s claims and clock', () => {
  it('shows who reviews each claimed trade and marks late ones in words', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 31 minutes after the first trade came in: one past the 30-minute target.
    vi.setSystemTime(new Date('2026-11-21T13:33:00.000Z'));
    serveReview(
      [
        makeAdminTrade({ claim: claimBy(otherOperator, 4) }),
        makeAdminTrade({
          id: 'trade-2',
          reference: 'KT-MINE0002',
          created_at: '2026-11-21T13:05:00.000Z',
          claim: claimBy({ id: testUser.id, first_name: 'Amaka', last_name: 'Obi' }, 9),
        }),
        makeAdminTrade({
          id: 'trade-3',
          reference: 'KT-FRESH003',
          created_at: '2026-11-21T13:20:00.000Z',
        }),
      ],
      testUser.id,
    );
    renderApp('/console/trades', { preloadedState: operator() });
    const [held, mine, fresh] = within(
      await screen.findByRole('list', { name: 'Pending trades' }, TIMEOUT),
    ).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(held).toHaveTextContent('Ada Obi is reviewing it until 14:37');
    expect(held).toHaveTextContent('31 min agoLate');
    expect(mine).toHaveTextContent('You are reviewing it until 14:42');
    expect(mine).toHaveTextContent('28 min ago');
    expect(mine).not.toHaveTextContent('Late');
    expect(fresh).not.toHaveTextContent('reviewing');
    expect(fresh).not.toHaveTextContent('Late');
    expect(
      screen.getByText(/A trade waiting more than 30 minutes is marked Late\./),
    ).toBeInTheDocument();
  });

  it('says on the review page when a trade is late', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T13:33:00.000Z'));
    serveReview([makeAdminTrade()], testUser.id);
    renderApp(DETAIL, { preloadedState: operator() });
    await findTitle();
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent(
      'Submitted21 Nov 2026, 14:02 · 31 min agoLate: past the 30-minute review target',
    );
  });
});
