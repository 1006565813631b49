import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TradeDuplicate } from '@karta/shared/schemas/trade-duplicates';
import { renderApp, signedInState } from '../../../testing/render';
import { makeAdminTrade, seller, serveReview } from '../../../testing/review-fixtures';
import { testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };

const earlier = (overrides: Partial<TradeDuplicate> = {}): TradeDuplicate => ({
  trade: {
    id: 'trade-old',
    reference: 'KT-OLD00001',
    status: 'approved',
    created_at: '2026-11-20T09:30:00.000Z',
    seller: { id: 'seller-2', first_name: 'Ngozi', last_name: 'Eze' },
  },
  match: 'code',
  distance: null,
  is_earlier: true,
  ...overrides,
});

const suspect = makeAdminTrade({
  duplicates: [
    earlier(),
    earlier({
      trade: { ...earlier().trade, id: 'trade-own', reference: 'KT-OWN00002', seller },
      match: 'photo',
      distance: 2,
    }),
  ],
});
const clean = makeAdminTrade({ id: 'trade-2', reference: 'KT-CLEAN002' });
const operator = () => signedInState({ role: 'operator' });

describe('possible duplicates', () => {
  it('the queue marks the trade that looks like another, and only that one', async () => {
    serveReview([suspect, clean], testUser.id);
    renderApp('/console/trades', { preloadedState: operator() });
    const queue = await screen.findByRole('list', { name: 'Pending trades' }, TIMEOUT);
    const [first, second] = within(queue).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('KT-7K3M9QX2');
    expect(within(first).getByText('Possible duplicate')).toBeVisible();
    expect(within(second).queryByText('Possible duplicate')).toBeNull();
  });

  it('the review page names each other trade, how it matches, and links to it', async () => {
    serveReview([suspect], testUser.id);
    renderApp('/console/trades/trade-1', { preloadedState: operator() });
    const notice = await screen.findByRole('region', { name: 'Possible duplicate' }, TIMEOUT);
    expect(notice).toHaveTextContent('This card looks like one in an earlier trade');
    const [code, photo] = within(notice).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(code).toHaveTextContent('Same e-code');
    expect(code).toHaveTextContent('Earlier · Ngozi Eze · 20 Nov 2026, 10:30');
    expect(code).toHaveTextContent('Approved');
    expect(within(code).getByRole('link', { name: 'KT-OLD00001' })).toHaveAttribute(
      'href',
      '/console/trades/trade-old',
    );
    expect(photo).toHaveTextContent('Similar photo (2 of 64 bits differ)');
    expect(photo).toHaveTextContent('same seller');
    expect(within(photo).getByRole('link', { name: 'KT-OWN00002' })).toHaveAttribute(
      'href',
      '/console/trades/trade-own',
    );
  });

  it('says nothing when no other trade looks like it', async () => {
    serveReview([clean], testUser.id);
    renderApp('/console/trades/trade-2', { preloadedState: operator() });
    await screen.findByRole('heading', { level: 1, name: 'Trade KT-CLEAN002' }, TIMEOUT);
    expect(screen.queryByRole('region', { name: 'Possible duplicate' })).toBeNull();
  });
});
