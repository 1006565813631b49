import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';

describe('settings and edit profile (docs/product.md §2, §6)', () => {
  it('opens on Edit Profile with the settings sub-navigation', async () => {
    const { router } = renderApp('/dashboard/settings', { preloadedState: signedInState() });
    await screen.findByRole('heading', { name: 'Edit Profile' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/dashboard/settings/account/edit-profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const subNav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(subNav).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(subNav).getByRole('link', { name: 'Withdrawal Accounts' })).toHaveAttribute(
      'href',
      '/dashboard/settings/account/withdrawal-account',
    );
  });

  it('shows names and phone read-only, and sends changes to support', async () => {
    const { user, router } = renderApp('/dashboard/settings/account/edit-profile', {
      preloadedState: signedInState(),
    });
    const firstName = await screen.findByLabelText('First name', {}, { timeout: 5000 });
    expect(firstName).toHaveValue('Amaka');
    expect(firstName).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Last name')).toHaveValue('Obi');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('readonly');
    const phone = screen.getByLabelText('Phone number');
    expect(phone).toHaveValue('8031234567');
    expect(phone).toHaveAttribute('readonly');
    expect(screen.getByText('+234')).toBeInTheDocument();

    await user.type(firstName, 'X');
    expect(firstName).toHaveValue('Amaka');

    expect(
      screen.getByText(/e-mail address, names and phone number cannot be changed/),
    ).toHaveTextContent(/contact our support team/);
    const contact = screen.getByRole('link', { name: 'Contact Support' });
    expect(contact).toHaveAttribute('href', '/dashboard/contact-us');
    await user.click(contact);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/contact-us');
    });
  });
});
