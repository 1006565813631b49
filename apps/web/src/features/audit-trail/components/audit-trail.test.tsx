import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@karta/shared/schemas/audit-trail';
import { renderApp, signedInState } from '../../../testing/render';
import { api, server, success } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };

const rateChange: AuditEntry = {
  id: 'a1',
  action: 'catalog.subcategory.rate',
  actor: { id: 'u1', first_name: 'Bayo', last_name: 'Lawal', email: 'bayo@example.com' },
  target_type: 'gift_card_subcategory',
  target_id: '0f6c9d1e-7a3b-4c2d-9e8f-1a2b3c4d5e6f',
  target_name: 'Amazon › USA physical',
  before: { name: 'USA physical', rate: 1180, active: true },
  after: { name: 'USA physical', rate: 1250.5, active: true },
  ip: '127.0.0.1',
  created_at: '2026-11-21T13:02:00.000Z',
};

/** Answers the trail with the entries and keeps each query string it was asked. */
function serveTrail(entries: AuditEntry[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(api('/admin/audit'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const action = params.get('action');
      const data = action ? entries.filter((entry) => entry.action === action) : entries;
      return success({
        data,
        meta: { page: 1, size: 50, total: data.length, totalPages: data.length ? 1 : 0 },
        is_capped: false,
      });
    }),
  );
  return asked;
}

describe('audit trail page', () => {
  it('lists entries with old → new and a link to the record, and filters by action', async () => {
    const asked = serveTrail([
      rateChange,
      {
        ...rateChange,
        id: 'a2',
        action: 'trade.claim',
        target_type: 'trade',
        target_id: 't1',
        target_name: null,
        before: { claimed_by: null },
        after: { claimed_by: 'u1' },
      },
    ]);
    const user = userEvent.setup();
    renderApp('/console/audit', { preloadedState: signedInState({ role: 'admin' }) });

    const list = await screen.findByRole('list', { name: 'Audit entries' }, TIMEOUT);
    expect(list).toHaveTextContent('Trade claimed');
    expect(list).toHaveTextContent('Rate changed');
    expect(list).toHaveTextContent('Rate:₦1,180.00→₦1,250.50');
    expect(
      screen.getByRole('link', { name: 'Open Subcategory Amazon › USA physical (Rate changed)' }),
    ).toHaveAttribute('href', '/console/rates');
    expect(screen.getByRole('link', { name: 'Open Trade t1 (Trade claimed)' })).toHaveAttribute(
      'href',
      '/console/trades/t1',
    );

    await user.click(screen.getByText('Actions (all)'));
    await user.click(screen.getByRole('checkbox', { name: 'Rate changed' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByRole('link', { name: 'Clear filters' }, TIMEOUT);
    expect(asked.at(-1)?.get('action')).toBe('catalog.subcategory.rate');
    const filtered = await screen.findByRole('list', { name: 'Audit entries' }, TIMEOUT);
    await within(filtered)
      .findByText('Showing 1–1 of 1 entries', {}, TIMEOUT)
      .catch(() => null);
    expect(filtered).not.toHaveTextContent('Trade claimed');
  });

  it('says when nothing matches', async () => {
    serveTrail([]);
    renderApp('/console/audit?actor=nobody%40', {
      preloadedState: signedInState({ role: 'admin' }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Nothing matches these filters' }, TIMEOUT),
    ).toBeVisible();
  });

  it('tells an operator the trail is for admins, without asking the API', async () => {
    const asked = serveTrail([rateChange]);
    renderApp('/console/audit', { preloadedState: signedInState({ role: 'operator' }) });
    expect(
      await screen.findByRole('heading', { name: 'Only admins read the audit trail' }, TIMEOUT),
    ).toBeVisible();
    expect(asked).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Audit trail' })).toBeNull();
  });
});
