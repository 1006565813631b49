import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server } from '../../../testing/server';
import { makeStaffMember, serveStaff } from '../../../testing/staff-fixtures';

const TIMEOUT = { timeout: 5000 };
const admin = () => signedInState({ role: 'admin' });

describe('staff desk', () => {
  it('lists the staff, and the admin’s own row offers no role change', async () => {
    serveStaff();
    renderApp('/console/staff', { preloadedState: admin() });
    const list = await screen.findByRole('list', { name: 'Staff' }, TIMEOUT);
    const ngozi = within(list).getByRole('listitem', { name: 'Ngozi Okafor' });
    expect(within(ngozi).getByText('Operator')).toBeInTheDocument();
    expect(within(ngozi).getByText('Active')).toBeInTheDocument();
    const me = within(list).getByRole('listitem', { name: 'Amaka Obi' });
    expect(within(me).getByText(/This is you/)).toBeInTheDocument();
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
  });

  it('invites an operator, shows the invitation, and puts the server’s message under the field', async () => {
    const { requests } = serveStaff();
    const { user } = renderApp('/console/staff', { preloadedState: admin() });
    await screen.findByRole('list', { name: 'Staff' }, TIMEOUT);

    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('First name'), 'Tunde');
    await user.type(screen.getByLabelText('Last name'), 'Bello');
    await user.type(screen.getByLabelText('E-mail'), 'Tunde.Bello@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const row = await screen.findByRole('listitem', { name: 'Tunde Bello' }, TIMEOUT);
    expect(
      within(row).getByText('Invited · code works until 28 Nov 2026, 10:00'),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      email: 'tunde.bello@example.com',
      first_name: 'Tunde',
      last_name: 'Bello',
    });
    expect(screen.getByLabelText('E-mail')).toHaveValue('');

    await user.type(screen.getByLabelText('First name'), 'Ngozi');
    await user.type(screen.getByLabelText('Last name'), 'Okafor');
    await user.type(screen.getByLabelText('E-mail'), 'ngozi.okafor@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    // Under the field (and toasted).
    await waitFor(() => {
      expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
        /This e-mail already belongs to a staff member\./,
      );
    }, TIMEOUT);
  });

  it('asks before making an operator an admin, then shows the new role', async () => {
    const { requests } = serveStaff();
    const { user } = renderApp('/console/staff', { preloadedState: admin() });
    await user.click(
      await screen.findByRole('button', { name: 'Make admin: Ngozi Okafor' }, TIMEOUT),
    );
    const dialog = screen.getByRole('dialog', { name: 'Make Ngozi an admin?' });
    expect(within(dialog).getByText(/signed out everywhere/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const row = screen.getByRole('listitem', { name: 'Ngozi Okafor' });
    expect(within(row).getByText('Admin')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        url: '/api/v1/admin/staff/7d1e2a44-5b6c-4d7e-8f90-a1b2c3d4e5f6/role',
        body: { role: 'admin' },
      },
    ]);
  });

  it('removes rights after a confirmation, and shows a refusal in the dialog', async () => {
    serveStaff();
    const { user } = renderApp('/console/staff', { preloadedState: admin() });
    await user.click(
      await screen.findByRole('button', { name: 'Remove operator rights: Ngozi Okafor' }, TIMEOUT),
    );
    await user.click(screen.getByRole('button', { name: 'Keep as is' }));
    expect(screen.getByRole('listitem', { name: 'Ngozi Okafor' })).toBeInTheDocument();

    server.use(
      http.post(api('/admin/staff/:id/remove'), () =>
        failure(400, 'Karta needs at least one admin. Make someone else an admin first.'),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Remove operator rights: Ngozi Okafor' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ngozi’s staff rights?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove rights' }));
    expect(await within(dialog).findByRole('alert', {}, TIMEOUT)).toHaveTextContent(
      'Karta needs at least one admin. Make someone else an admin first.',
    );
  });

  it('re-sends a lapsed invitation without asking', async () => {
    const invited = makeStaffMember({
      id: 'invited-1',
      first_name: 'Tunde',
      last_name: 'Bello',
      email: 'tunde.bello@example.com',
      status: 'pending_verification',
    });
    const { requests } = serveStaff([invited]);
    const { user } = renderApp('/console/staff', { preloadedState: admin() });
    const row = await screen.findByRole('listitem', { name: 'Tunde Bello' }, TIMEOUT);
    expect(within(row).getByText('Invitation lapsed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Re-send invitation: Tunde Bello' }));
    await waitFor(() => {
      expect(requests).toEqual([
        { url: '/api/v1/admin/staff/invited-1/resend_invitation', body: null },
      ]);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an operator neither the Staff entry nor the desk, and never asks the API', async () => {
    const { requests } = serveStaff();
    let listed = false;
    server.use(
      http.get(api('/admin/staff'), () => {
        listed = true;
        return failure(403, 'Only an admin can do this.');
      }),
    );
    renderApp('/console/staff', { preloadedState: signedInState({ role: 'operator' }) });
    expect(
      await screen.findByRole('heading', { name: 'Only admins manage staff' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sellers' })).toBeInTheDocument();
    expect(listed).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    server.use(http.get(api('/admin/staff'), () => failure(500, 'Something went wrong')));
    renderApp('/console/staff', { preloadedState: admin() });
    expect(
      await screen.findByText('We could not load the staff list.', {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
