import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { StaffMember } from '@karta/shared/schemas/staff-desk';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server } from '../../../testing/server';
import { makeStaffMember, me, serveStaff, staffPerson } from '../../../testing/staff-fixtures';

const TIMEOUT = { timeout: 5000 };
const admin = () => signedInState({ role: 'admin' });
const toast = (text: string | RegExp) =>
  screen.findByText(text, { selector: '[role="alert"] *, [role="alert"]' }, TIMEOUT);

/** A second admin, made on the server, who invited Tunde (decision 049). */
const bayo = makeStaffMember({
  id: 'admin-bayo',
  first_name: 'Bayo',
  last_name: 'Lawal',
  email: 'bayo.lawal@example.com',
  role: 'admin',
});
/** Tunde, invited by Bayo and accepted; no second admin has confirmed it yet. */
const tunde = (overrides: Partial<StaffMember['invitation']> = {}) =>
  makeStaffMember({
    id: 'invited-tunde',
    first_name: 'Tunde',
    last_name: 'Bello',
    email: 'tunde.bello@example.com',
    can_confirm_approvals: false,
    invitation: {
      invited_by: staffPerson(bayo),
      invited_at: '2026-11-25T09:00:00.000Z',
      confirmed_by: null,
      confirmed_at: null,
      confirm_refusal: null,
      ...overrides,
    },
  });

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

  describe('the second admin’s confirmation (decision 049)', () => {
    it('shows an invitation waiting for a second admin; another admin confirms it after a dialog that says what it means', async () => {
      const { requests } = serveStaff([me, bayo, tunde()]);
      const { user } = renderApp('/console/staff', { preloadedState: admin() });
      const row = await screen.findByRole('listitem', { name: 'Tunde Bello' }, TIMEOUT);
      expect(within(row).getByText('Invited by Bayo Lawal')).toBeInTheDocument();
      expect(within(row).getByText('Waiting for a second admin')).toBeInTheDocument();
      expect(
        within(row).getByText(/cannot be anyone’s second pair of eyes on a large credit/),
      ).toBeInTheDocument();

      await user.click(
        within(row).getByRole('button', { name: 'Confirm invitation: Tunde Bello' }),
      );
      const dialog = screen.getByRole('dialog', { name: 'Confirm Tunde’s invitation?' });
      expect(
        within(dialog).getByText(
          /You vouch that Tunde Bello is a real person you know of, separate from Bayo Lawal who invited them/,
        ),
      ).toBeInTheDocument();
      // Nothing is sent until the admin says so.
      expect(requests).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Confirm invitation' }));
      expect(await toast('Tunde’s invitation is confirmed.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(requests).toEqual([
        { url: '/api/v1/admin/staff/invited-tunde/confirm_invitation', body: null },
      ]);
      const after = screen.getByRole('listitem', { name: 'Tunde Bello' });
      expect(
        within(after).getByText('Invited by Bayo Lawal · confirmed by Amaka Obi'),
      ).toBeInTheDocument();
      expect(within(after).queryByText('Waiting for a second admin')).not.toBeInTheDocument();
      expect(within(after).queryByRole('button', { name: /Confirm invitation/ })).toBeNull();
    });

    it('works from the keyboard, and Escape leaves the invitation as it was', async () => {
      const { requests } = serveStaff([me, bayo, tunde()]);
      const { user } = renderApp('/console/staff', { preloadedState: admin() });
      const button = await screen.findByRole(
        'button',
        { name: 'Confirm invitation: Tunde Bello' },
        TIMEOUT,
      );
      button.focus();
      await user.keyboard('{Enter}');
      const dialog = screen.getByRole('dialog', { name: 'Confirm Tunde’s invitation?' });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(button).toHaveFocus();
      expect(requests).toHaveLength(0);

      await user.keyboard('{Enter}');
      await user.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm invitation' }),
      );
      await waitFor(() => {
        expect(requests).toHaveLength(1);
      });
    });

    it('turns the button off for the inviter, with the reason read with it', async () => {
      const refusal = 'You invited Tunde, so another admin has to confirm the invitation.';
      serveStaff([me, bayo, tunde({ invited_by: staffPerson(me), confirm_refusal: refusal })]);
      renderApp('/console/staff', { preloadedState: admin() });
      const button = await screen.findByRole(
        'button',
        { name: 'Confirm invitation: Tunde Bello' },
        TIMEOUT,
      );
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(refusal);
    });

    it('shows the server’s refusal in the dialog, and toasts it', async () => {
      serveStaff([me, bayo, tunde()]);
      const refusal =
        "Bayo Lawal and you cannot be each other's second pair of eyes: one of you made the other staff. Ask another colleague to confirm it.";
      server.use(
        http.post(api('/admin/staff/:id/confirm_invitation'), () => failure(409, refusal, 'id')),
      );
      const { user } = renderApp('/console/staff', { preloadedState: admin() });
      await user.click(
        await screen.findByRole('button', { name: 'Confirm invitation: Tunde Bello' }, TIMEOUT),
      );
      const dialog = screen.getByRole('dialog', { name: 'Confirm Tunde’s invitation?' });
      await user.click(within(dialog).getByRole('button', { name: 'Confirm invitation' }));
      expect(await within(dialog).findByRole('alert', {}, TIMEOUT)).toHaveTextContent(refusal);
      // Toasted as well: a second alert, outside the dialog.
      await waitFor(() => {
        const outside = screen.getAllByRole('alert').filter((alert) => !dialog.contains(alert));
        expect(outside.map((alert) => alert.textContent)).toEqual([
          expect.stringContaining(refusal),
        ]);
      }, TIMEOUT);
      expect(
        within(screen.getByRole('listitem', { name: 'Tunde Bello' })).getByText(
          'Waiting for a second admin',
        ),
      ).toBeInTheDocument();
    });

    it('shows who confirmed an invitation, and nothing for staff made on the server', async () => {
      serveStaff([
        me,
        bayo,
        tunde({ confirmed_by: staffPerson(me), confirmed_at: '2026-11-26T09:00:00.000Z' }),
      ]);
      renderApp('/console/staff', { preloadedState: admin() });
      const row = await screen.findByRole('listitem', { name: 'Tunde Bello' }, TIMEOUT);
      expect(
        within(row).getByText('Invited by Bayo Lawal · confirmed by Amaka Obi'),
      ).toBeInTheDocument();
      const serverMade = screen.getByRole('listitem', { name: 'Bayo Lawal' });
      expect(within(serverMade).queryByText(/Invited by/)).not.toBeInTheDocument();
    });

    it('tells a lone admin that large credits wait for a second admin, and how one is made', async () => {
      serveStaff();
      renderApp('/console/staff', { preloadedState: admin() });
      const note = await screen.findByRole('note', {}, TIMEOUT);
      expect(note).toHaveTextContent('You are the only admin.');
      expect(note).toHaveTextContent(
        /large credits cannot be confirmed until a second admin exists/,
      );
      expect(note).toHaveTextContent(/npm run create-admin/);
    });

    it('says nothing of it when there are two admins', async () => {
      serveStaff([me, bayo]);
      renderApp('/console/staff', { preloadedState: admin() });
      await screen.findByRole('listitem', { name: 'Bayo Lawal' }, TIMEOUT);
      expect(screen.queryByRole('note')).not.toBeInTheDocument();
    });
  });
});
