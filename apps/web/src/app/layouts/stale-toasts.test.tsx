import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { renderApp, signedOutState } from '../../testing/render';

/**
 * react-toastify closes a toast by playing its exit animation, and jsdom never ends an
 * animation: a closing toast stays in the DOM with its exit class, which is what is checked.
 */
const isClosing = (text: string) =>
  /-exit/.test(screen.getByText(text).closest('.Toastify__toast')?.className ?? '');

const OLD = 'That password is not right.';
const NEW = 'Your session has expired. Please sign in again.';

/** Decision 035: an old error toast stayed over the next page (a wrong password, then the dashboard). */
describe('error toasts and moving on', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes an error raised on the page before, and keeps one raised with the move', async () => {
    const { router } = renderApp('/about', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { level: 1 });
    act(() => {
      toast.error(OLD);
    });
    expect(await screen.findByText(OLD)).toBeVisible();
    // Read for a while on this page; it is still up.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(isClosing(OLD)).toBe(false);

    act(() => {
      toast.error(NEW);
    });
    expect(await screen.findByText(NEW)).toBeVisible();
    await act(async () => {
      await router.navigate('/contact');
    });

    await waitFor(() => {
      expect(isClosing(OLD)).toBe(true);
    });
    expect(isClosing(NEW)).toBe(false);
  });
});
