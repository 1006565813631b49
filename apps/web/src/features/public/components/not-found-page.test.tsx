import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOutState } from '../../../testing/render';

describe('Page Not Found (docs/product.md §2)', () => {
  it('answers an unknown path inside the public layout, with a way home', async () => {
    const { user, router } = renderApp('/no/such/page', { preloadedState: signedOutState() });
    // A lazy route: the page shows once its code has loaded.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to Homepage' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/home');
    });
  });
});
