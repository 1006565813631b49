import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_LENGTH_KEY } from '../../lib/use-history-length';
import { renderApp, signedInState } from '../../testing/render';

const DESKTOP_WIDTH = 1024;
const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  window.dispatchEvent(new Event('resize'));
};

const renderDashboard = async (path = '/dashboard/faqs', overrides = {}) => {
  const view = renderApp(path, { preloadedState: signedInState(overrides) });
  await screen.findByRole('button', { name: 'Rewards' }, { timeout: 5000 });
  return view;
};

afterEach(() => {
  setWidth(DESKTOP_WIDTH);
});

describe('dashboard sidebar (docs/product.md §2)', () => {
  it('links every entry to its page and the logo to /', async () => {
    await renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    const hrefs = {
      Dashboard: '/dashboard/overview',
      'Transaction History': '/dashboard/transaction-history',
      'Rate Calculator': '/dashboard/rate-calculator',
      FAQs: '/dashboard/faqs',
      'Contact Us': '/dashboard/contact-us',
      'Edit Profile': '/dashboard/settings/account/edit-profile',
      'Withdrawal Accounts': '/dashboard/settings/account/withdrawal-account',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const aside = screen.getByRole('complementary', { name: 'Dashboard menu' });
    expect(within(aside).getByRole('link', { name: 'Karta' })).toHaveAttribute('href', '/');
  });

  it('highlights the link of the current page', async () => {
    await renderDashboard('/dashboard/faqs');
    expect(screen.getByRole('link', { name: 'FAQs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Contact Us' })).not.toHaveAttribute('aria-current');
  });

  it('groups settings into Account, Security and Others, and collapses the group', async () => {
    const { user } = await renderDashboard();
    for (const heading of ['Account', 'Security', 'Others']) {
      expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    const settings = screen.getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    await user.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it('leads from the Security group to two-step sign-in (decision 061)', async () => {
    await renderDashboard();
    expect(screen.getByRole('link', { name: 'Two-step sign-in' })).toHaveAttribute(
      'href',
      '/dashboard/settings/security',
    );
  });

  it('leads to Rate Alerts and Verification from the menu, not only from the Settings tabs', async () => {
    await renderDashboard();
    expect(screen.getByRole('link', { name: 'Rate Alerts' })).toHaveAttribute(
      'href',
      '/dashboard/settings/rate-alerts',
    );
    expect(screen.getByRole('link', { name: 'Verification' })).toHaveAttribute(
      'href',
      '/dashboard/settings/verification',
    );
  });

  it('opens a dialog from every Security and Others entry, Sign out and Rewards', async () => {
    await renderDashboard();
    for (const name of [
      'Change Password',
      'Change PIN',
      'Deactivate Account',
      'Delete Account',
      'Sign out',
      'Rewards',
    ]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-haspopup', 'dialog');
    }
  });

  it('opens the rewards dialog with the user’s code from the header', async () => {
    const { user } = await renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Rewards' }));
    // The dialogs load after the first screen (their chunk is fetched as the shell renders).
    const dialog = await screen.findByRole('dialog', { name: 'Refer a friend and earn' });
    expect(within(dialog).getByText('AMAK7Q2X')).toBeInTheDocument();
  });
});

describe('the sidebar as a drawer below 768px', () => {
  it('starts closed, opens with the toggle, takes focus, and closes on Escape', async () => {
    setWidth(375);
    const { user } = await renderDashboard();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const drawer = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(drawer).not.toBeNull();
    expect(drawer).not.toBeVisible();
    expect(screen.queryByRole('link', { name: 'FAQs' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(drawer).toBeVisible();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(drawer).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('closes after a link is followed', async () => {
    setWidth(375);
    const { user, router } = await renderDashboard();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Contact Us' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/contact-us');
    });
    await waitFor(() => {
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });

  it('switches between sidebar and drawer when the window is resized', async () => {
    await renderDashboard();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    act(() => {
      setWidth(767);
    });
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
    act(() => {
      setWidth(768);
    });
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    });
  });
});

describe('navigation history length (docs/product.md §2)', () => {
  it('counts every location change in session storage', async () => {
    const { user } = await renderDashboard('/dashboard/faqs');
    await waitFor(() => {
      expect(sessionStorage.getItem(HISTORY_LENGTH_KEY)).toBe('1');
    });
    await user.click(screen.getByRole('link', { name: 'Contact Us' }));
    await waitFor(() => {
      expect(sessionStorage.getItem(HISTORY_LENGTH_KEY)).toBe('2');
    });
    await user.click(screen.getByRole('link', { name: 'FAQs' }));
    await waitFor(() => {
      expect(sessionStorage.getItem(HISTORY_LENGTH_KEY)).toBe('3');
    });
  });
});

describe('PIN prompt', () => {
  it('asks a user without a PIN to set one, and can be dismissed', async () => {
    const { user } = await renderDashboard('/dashboard/faqs', { has_pin: false });
    const prompt = screen.getByRole('region', { name: 'Set your withdrawal PIN' });
    expect(within(prompt).getByRole('button', { name: 'Set PIN' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    await user.click(within(prompt).getByRole('button', { name: 'Dismiss PIN reminder' }));
    expect(
      screen.queryByRole('region', { name: 'Set your withdrawal PIN' }),
    ).not.toBeInTheDocument();
  });

  it('stays away from a user who has a PIN', async () => {
    await renderDashboard('/dashboard/faqs', { has_pin: true });
    expect(
      screen.queryByRole('region', { name: 'Set your withdrawal PIN' }),
    ).not.toBeInTheDocument();
  });
});
