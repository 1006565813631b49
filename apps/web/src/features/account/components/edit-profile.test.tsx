import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, server, success } from '../../../testing/server';

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

  it('lists the signed-in devices and signs one out, leaving this one signed in', async () => {
    let sessions = [
      {
        id: 'sign-in-this',
        device: 'web',
        signed_in_at: '2026-11-20T08:00:00.000Z',
        last_active_at: '2026-11-21T13:02:00.000Z',
        is_current: true,
      },
      {
        id: 'sign-in-phone',
        device: 'android',
        signed_in_at: '2026-11-01T08:00:00.000Z',
        last_active_at: '2026-11-19T09:15:00.000Z',
        is_current: false,
      },
    ];
    const ended: unknown[] = [];
    server.use(
      http.get(api('/user/sessions/:userId'), () => success(sessions)),
      http.post(api('/user/sessions/end/:userId'), async ({ request }) => {
        const body = (await request.json()) as { session_id: string };
        ended.push(body);
        sessions = sessions.filter((session) => session.id !== body.session_id);
        return success(null, 'That device is signed out. Your other devices stay signed in.');
      }),
    );
    const { user, store } = renderApp('/dashboard/settings/account/edit-profile', {
      preloadedState: signedInState(),
    });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' }, { timeout: 5000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Web browser · this device');
    expect(rows[1]).toHaveTextContent('Android app');
    expect(rows[1]).toHaveTextContent('last active 19 Nov 2026, 10:15');
    await user.click(
      within(rows[1] as HTMLElement).getByRole('button', { name: /Sign out the android app/ }),
    );
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    });
    expect(ended).toEqual([{ session_id: 'sign-in-phone' }]);
    expect(store.getState().auth.token).not.toBe('');
  });
});
