import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RateAlert } from '@karta/shared/schemas/rate-alerts';
import type { Subcategory } from '../../../lib/catalog-api';
import { renderWithProviders, signedInState, signedOutState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { RateAlertSection } from './rate-alert-form';

const usaPhysical: Subcategory = {
  id: 'sub-1',
  name: 'USA physical $100–$500',
  rate: 1180,
  currency: 'USD',
  min_amount: 100,
  max_amount: 500,
};

const alertOf = (target: number): RateAlert => ({
  id: 'alert-1',
  subcategory_id: usaPhysical.id,
  card_name: 'Amazon',
  subcategory_name: usaPhysical.name,
  currency: 'USD',
  target_rate: target,
  current_rate: 1180,
  is_on_sale: true,
  last_fired_at: null,
  last_fired_rate: null,
  created_at: '2026-11-20T09:00:00.000Z',
});

/** The seller's alerts, and a save that answers as the API does (or with `refusal`). */
function serveAlerts(initial: RateAlert[], refusal?: { field: string; message: string }) {
  let alerts = [...initial];
  const saves: unknown[] = [];
  server.use(
    http.get(api(`/user/rate_alerts/${testUser.id}`), () =>
      success({ data: alerts, meta: { page: 1, size: 20, total: alerts.length, totalPages: 1 } }),
    ),
    http.post(api(`/user/rate_alerts/${testUser.id}`), async ({ request }) => {
      const body = (await request.json()) as { subcategory_id: string; rate: string };
      saves.push(body);
      if (refusal) return failure(400, refusal.message, refusal.field);
      const saved = alertOf(Number(body.rate));
      alerts = [saved];
      return success(saved, 'Rate alert saved.');
    }),
  );
  return { saves };
}

const renderSection = (signedIn = true) =>
  renderWithProviders(<RateAlertSection cardName="Amazon" subcategory={usaPhysical} />, {
    preloadedState: signedIn ? signedInState() : signedOutState(),
  });

const rateField = () => screen.getByLabelText('Alert me when the rate reaches');

describe('the rate alert on the calculator', () => {
  it('sets an alert above today’s rate and confirms it in words', async () => {
    const { saves } = serveAlerts([]);
    const { user } = renderSection();
    expect(
      await screen.findByText(
        "Today's rate is ₦1,180.00 per $1. We tell you by e-mail and in your notices when it goes up to your rate, at most once a day.",
      ),
    ).toBeVisible();
    await user.type(rateField(), '1250.5');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Alert set. We will tell you when Amazon USA physical $100–$500 reaches ₦1,250.50 per $1.',
    );
    expect(saves).toEqual([{ subcategory_id: 'sub-1', rate: '1250.5' }]);
    // The list is read again: the form now offers to change the alert.
    expect(await screen.findByRole('button', { name: 'Change alert' })).toBeVisible();
    expect(
      screen.getByText(
        'Your alert: we tell you when the rate reaches ₦1,250.50 per $1. Set a new rate to change it.',
      ),
    ).toBeVisible();
  });

  it('checks the rate before sending: empty, too many decimals, not above today', async () => {
    const { saves } = serveAlerts([]);
    const { user } = renderSection();
    const button = await screen.findByRole('button', { name: 'Set alert' });
    await user.click(button);
    expect(rateField()).toHaveAccessibleDescription(/Enter the rate you want, in naira/);
    await user.type(rateField(), '1250.555');
    await user.click(button);
    expect(rateField()).toHaveAccessibleDescription(
      /Enter the rate as a number with at most 2 decimals, such as 1250 or 1250.50/,
    );
    await user.clear(rateField());
    await user.type(rateField(), '1180');
    await user.click(button);
    expect(rateField()).toHaveAccessibleDescription(
      /The rate is already ₦1,180.00. Choose a rate above ₦1,180.00 to be told when it goes up./,
    );
    expect(rateField()).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toEqual([]);
  });

  it('shows the server’s refusal under the field', async () => {
    const message =
      'You can keep up to 20 rate alerts. Delete one in Settings, under Rate alerts, to add another.';
    serveAlerts([], { field: 'subcategory_id', message });
    const { user } = renderSection();
    await user.type(rateField(), '1300');
    await user.click(await screen.findByRole('button', { name: 'Set alert' }));
    await waitFor(() => {
      expect(rateField()).toHaveAccessibleDescription(new RegExp(message));
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in instead', () => {
    renderSection(false);
    expect(screen.queryByLabelText('Alert me when the rate reaches')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
