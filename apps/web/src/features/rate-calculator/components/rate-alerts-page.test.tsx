import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RateAlert } from '@karta/shared/schemas/rate-alerts';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';

const PAGE = '/dashboard/settings/rate-alerts';

const amazon: RateAlert = {
  id: 'alert-1',
  subcategory_id: 'sub-1',
  card_name: 'Amazon',
  subcategory_name: 'USA physical $100–$500',
  currency: 'USD',
  target_rate: 1250,
  current_rate: 1260.5,
  is_on_sale: true,
  last_fired_at: '2026-11-21T13:02:00.000Z',
  last_fired_rate: 1260.5,
  created_at: '2026-11-20T09:00:00.000Z',
};
const steam: RateAlert = {
  ...amazon,
  id: 'alert-2',
  subcategory_id: 'sub-2',
  card_name: 'Steam',
  subcategory_name: 'UK e-code',
  currency: 'GBP',
  target_rate: 1600,
  current_rate: 1500,
  is_on_sale: false,
  last_fired_at: null,
  last_fired_rate: null,
};

/** The seller's alerts, with a delete that really removes from them. */
function serveAlerts(initial: RateAlert[]) {
  let alerts = [...initial];
  const deletes: unknown[] = [];
  server.use(
    http.get(api(`/user/rate_alerts/${testUser.id}`), () =>
      success({ data: alerts, meta: { page: 1, size: 20, total: alerts.length, totalPages: 1 } }),
    ),
    http.post(api('/user/delete_rate_alert'), async ({ request }) => {
      const body = (await request.json()) as { rate_alert_id: string };
      deletes.push(body);
      alerts = alerts.filter((alert) => alert.id !== body.rate_alert_id);
      return success(null, 'Rate alert deleted.');
    }),
  );
  return { deletes };
}

const renderPage = () => renderApp(PAGE, { preloadedState: signedInState() });
const findList = () => screen.findByRole('list', { name: 'Your rate alerts' }, { timeout: 5000 });

describe('Settings › Rate alerts', () => {
  it('lists each alert with its target, the rate now and when it last fired (Lagos time)', async () => {
    serveAlerts([amazon, steam]);
    renderPage();
    const items = within(await findList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Amazon');
    expect(items[0]).toHaveTextContent('USA physical $100–$500');
    expect(items[0]).toHaveTextContent('Alert at₦1,250.00 per $1');
    expect(items[0]).toHaveTextContent('Rate now₦1,260.50');
    expect(items[0]).toHaveTextContent('Last fired21 Nov 2026, 14:02 at ₦1,260.50');
    expect(items[1]).toHaveTextContent('Alert at₦1,600.00 per £1');
    expect(items[1]).toHaveTextContent('Rate nowNot buying now');
    expect(items[1]).toHaveTextContent('Last firedNot yet');
    // The Settings tab and the menu's entry both say where the seller is.
    const links = screen.getAllByRole('link', { name: 'Rate Alerts' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('deletes an alert after asking, and says so', async () => {
    const { deletes } = serveAlerts([amazon, steam]);
    const { user } = renderPage();
    await findList();
    await user.click(
      screen.getByRole('button', { name: 'Delete the alert for Amazon USA physical $100–$500' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this rate alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toEqual([]);
    await user.click(
      screen.getByRole('button', { name: 'Delete the alert for Amazon USA physical $100–$500' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => {
      expect(
        within(screen.getByRole('list', { name: 'Your rate alerts' })).getAllByRole('listitem'),
      ).toHaveLength(1);
    });
    expect(deletes).toEqual([{ user_id: testUser.id, rate_alert_id: 'alert-1' }]);
    expect(
      await screen.findByText('The alert for Amazon USA physical $100–$500 was deleted.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says there are none yet, with the way to set one', async () => {
    serveAlerts([]);
    renderPage();
    expect(await screen.findByText('No rate alerts yet.', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'rate calculator' })).toHaveAttribute(
      'href',
      '/dashboard/rate-calculator',
    );
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    let attempts = 0;
    server.use(
      http.get(api(`/user/rate_alerts/${testUser.id}`), () => {
        attempts += 1;
        return attempts === 1
          ? failure(500, 'Something went wrong')
          : success({ data: [amazon], meta: { page: 1, size: 20, total: 1, totalPages: 1 } });
      }),
    );
    const { user } = renderPage();
    expect(
      await screen.findByText('Loading your rate alerts...', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('We could not load your rate alerts.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await findList()).getAllByRole('listitem')).toHaveLength(1);
  });
});
