import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOutState } from '../../../testing/render';
import { api, failure, server } from '../../../testing/server';

const PASSWORD = 'Lekki#Console2026';

describe('accept a staff invitation', () => {
  it('reads the address from the link, sends the code and password, then goes to sign in', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('/auth/accept_invitation'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          status: 'success',
          message: 'Your password is set. Sign in to open the Karta console.',
          data: null,
        });
      }),
    );
    const { user, router } = renderApp('/accept-invitation#email=tunde.bello%40example.com', {
      preloadedState: signedOutState(),
    });
    await screen.findByRole('heading', { name: 'Join the Karta console' });
    expect(screen.getByLabelText('Email')).toHaveValue('tunde.bello@example.com');
    await user.type(screen.getByLabelText('Invitation code'), '123456');
    await user.type(screen.getByLabelText('New password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(bodies).toEqual([
      {
        email: 'tunde.bello@example.com',
        otp: '123456',
        new_password: PASSWORD,
        verify_new_password: PASSWORD,
      },
    ]);
  });

  it('shows a refused code under the code field', async () => {
    server.use(
      http.post(api('/auth/accept_invitation'), () =>
        failure(400, 'This code has expired or has been replaced. Request a new one.', 'otp'),
      ),
    );
    const { user } = renderApp('/accept-invitation#email=tunde.bello%40example.com', {
      preloadedState: signedOutState(),
    });
    await screen.findByRole('heading', { name: 'Join the Karta console' });
    await user.type(screen.getByLabelText('Invitation code'), '654321');
    await user.type(screen.getByLabelText('New password'), PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Invitation code')).toHaveAccessibleDescription(
        /This code has expired or has been replaced/,
      );
    });
  });
});
