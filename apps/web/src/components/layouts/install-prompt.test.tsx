import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, signedInState, signedOutState } from '../../testing/render';
import { renderWithProviders } from '../../testing/render';
import { listenForInstallOffer, spendInstallOffer } from '../../lib/offline/install-prompt-event';
import { INSTALL_DISMISSED_KEY, InstallPrompt } from './install-prompt';

const DAY_MS = 24 * 60 * 60 * 1000;
const TITLE = 'Add Karta to your home screen';

beforeAll(() => {
  listenForInstallOffer();
});
afterEach(() => {
  spendInstallOffer();
});

/** A phone (coarse pointer) or a computer (fine pointer, wide window as jsdom's). */
function useDevice(kind: 'phone' | 'computer', userAgent = navigator.userAgent) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'phone' && query === '(pointer: coarse)',
  }));
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

/** Chromium's offer, as the browser fires it; `outcome` is what the person picks in its dialog. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('Add to home screen', () => {
  it('on a phone, offers the browser’s install when it makes the offer, and holds back its own bar', async () => {
    useDevice('phone');
    const { user } = renderWithProviders(<InstallPrompt />);
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    const { event, prompt } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    // An offer works once: the banner goes.
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it('remembers a "no" in the browser’s dialog as a dismissal', async () => {
    useDevice('phone');
    const { user } = renderWithProviders(<InstallPrompt />);
    offerInstall('dismissed');
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await vi.waitFor(() => {
      expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
    });
  });

  it('stays away for 30 days after it is dismissed, then asks again', async () => {
    useDevice('phone');
    const first = renderWithProviders(<InstallPrompt />);
    offerInstall();
    await first.user.click(
      screen.getByRole('button', { name: 'Dismiss the home screen suggestion' }),
    );
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    const dismissedAt = Number(localStorage.getItem(INSTALL_DISMISSED_KEY));
    expect(Date.now() - dismissedAt).toBeLessThan(5_000);
    first.unmount();

    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now() - 29 * DAY_MS));
    const later = renderWithProviders(<InstallPrompt />);
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    later.unmount();

    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now() - 31 * DAY_MS));
    renderWithProviders(<InstallPrompt />);
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
  });

  it('is not shown on a computer, even when the browser offers', () => {
    useDevice('computer');
    renderWithProviders(<InstallPrompt />);
    offerInstall();
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
  });

  it('on an iPhone (no offer), tells the Share → Add to Home Screen steps, with no Install button', () => {
    useDevice(
      'phone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    );
    renderWithProviders(<InstallPrompt />);
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(/Tap Share, then Add to Home Screen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();
  });

  it('is shown on the dashboard, never on the public pages', async () => {
    useDevice('phone');
    offerInstall();
    const home = renderApp('/home', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    home.unmount();

    renderApp('/dashboard/faqs', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: TITLE })).toBeInTheDocument();
  });
});
