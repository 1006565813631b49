import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorPage } from './app-error-page';

/** A router whose only page fails while loading, with the app's error page as errorElement. */
function renderFailingRoute(failure: () => never) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const router = createMemoryRouter([
    { path: '/', loader: failure, element: <p>never shown</p>, errorElement: <AppErrorPage /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('Unexpected Application Error! (docs/product.md §8)', () => {
  it('shows the status and text of a route error response', async () => {
    renderFailingRoute(() => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- route responses are thrown
      throw data('missing', { status: 503, statusText: 'Service Unavailable' });
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('503', { exact: false })).toHaveTextContent('503');
    expect(screen.getByText('Service Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it('shows the message of any other error, and logs it', async () => {
    renderFailingRoute(() => {
      throw new Error('Cannot read the trade');
    });
    expect(await screen.findByText('Cannot read the trade')).toBeInTheDocument();
    // The log is an effect: it runs after the commit that shows the text, so wait for it too.
    await waitFor(() => {
      expect(console.error).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Cannot read the trade' }),
      );
    });
  });

  it('stands alone as the root errorElement, with no layout around it', async () => {
    renderFailingRoute(() => {
      throw new Error('boom');
    });
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' });
    expect(screen.getByRole('link', { name: 'Karta home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });

  it('says a lost connection plainly when a page’s code could not be fetched', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderFailingRoute(() => {
      throw new TypeError(
        'Failed to fetch dynamically imported module: https://karta.example/assets/trade-page.js',
      );
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error|on our side/)).not.toBeInTheDocument();

    onLine.mockReturnValue(true);
    renderFailingRoute(() => {
      throw new TypeError('Importing a module script failed.');
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page did not load' }),
    ).toBeVisible();
    onLine.mockRestore();
  });
});
