import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOutState } from '../../testing/render';

const openMenu = async () => {
  const view = renderApp('/home', { preloadedState: signedOutState() });
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await view.user.click(toggle);
  // Its code loads on the first tap.
  const dialog = await screen.findByRole('dialog', { name: 'Menu' });
  return { ...view, toggle, dialog };
};

describe('mobile menu (docs/product.md §2, §9)', () => {
  it('opens a modal menu with the same links as the header', async () => {
    const { toggle, dialog } = await openMenu();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const hrefs = {
      Home: '/home',
      About: '/about',
      Contact: '/contact',
      'Rate Calculator': '/rate-calculator',
      'Get Started': '/login',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(within(dialog).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('staggers the links 0.1 s apart and slides the panel in 0.3 s', async () => {
    const { dialog } = await openMenu();
    expect(dialog).toHaveStyle({ transitionDuration: '300ms' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => item.style.transitionDelay)).toEqual([
      '0.1s',
      '0.2s',
      '0.3s',
      '0.4s',
    ]);
    for (const item of items) expect(item).toHaveStyle({ transitionDuration: '500ms' });
  });

  it('closes with its close button and gives focus back to the menu button', async () => {
    const { user, toggle } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape', async () => {
    const { user } = await openMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    });
  });

  it('closes and navigates when a link is chosen', async () => {
    const { user, dialog, router } = await openMenu();
    await user.click(within(dialog).getByRole('link', { name: 'About' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/about');
  });
});
