import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeUserId } from '../lib/user-id-storage';
import { renderApp } from '../testing/render';
import { holdSessionRefresh, testUser } from '../testing/server';

/** The dashboard layout's chunk, held back as a slow network would (released by the test). */
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    arrived,
    release: () => {
      release();
    },
  };
});
vi.mock('./layouts/dashboard-layout', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

describe('the dashboard on a slow network (decision 043: blank for 6–22 s before)', () => {
  it('paints its frame at once and restores the session while its code is still loading', async () => {
    storeUserId(testUser.id);
    const refresh = holdSessionRefresh();
    const { router } = renderApp('/dashboard');

    // Neither the layout's code nor the session is here, and the frame already shows.
    expect(await screen.findByTestId('dashboard-skeleton')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Restoring your session...');
    expect(screen.getAllByRole('img', { name: 'Karta' }).length).toBeGreaterThan(0);
    // The restore does not wait for the code: both travel at once.
    await waitFor(() => {
      expect(refresh.calls).toBe(1);
    });

    refresh.release();
    expect(await screen.findByText('Loading your dashboard...')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-skeleton')).toBeVisible();

    chunk.release();
    expect(
      await screen.findByRole('navigation', { name: 'Dashboard' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.queryByTestId('dashboard-skeleton')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(
        '/dashboard/overview/recent-transactions/trade-history',
      );
    });
  });
});
