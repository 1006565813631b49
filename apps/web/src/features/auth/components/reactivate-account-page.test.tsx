import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import { renderApp, signedOutState } from '../../../testing/render';
import { api, server, testUser } from '../../../testing/server';

async function openReactivate() {
  const view = renderApp('/reactivate-account', { preloadedState: signedOutState() });
  await screen.findByRole('heading', { name: 'Reactivate Your Account' });
  return view;
}

describe('ReactivateAccountPage (docs/product.md §2, §4, §5)', () => {
  it('links to forgot password, the terms and the privacy policy', async () => {
    await openReactivate();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/terms_of_use',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy_policy',
    );
  });

  it('shows the required, invalid and "at least 8" messages', async () => {
    const { user } = await openReactivate();
    await user.click(screen.getByRole('button', { name: 'Reactivate Account' }));
    expect(await screen.findByText(MESSAGES.EMAIL_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_REQUIRED)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'amaka@example');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reactivate Account' }));
    expect(await screen.findByText(MESSAGES.EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_MIN_SHORT)).toBeInTheDocument();
  });

  it('reactivates (Reactivating... meanwhile), toasts, and goes to /login', async () => {
    let sent: unknown;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(api('/user/reactivate_account'), async ({ request }) => {
        sent = await request.json();
        await gate;
        return HttpResponse.json({
          status: 'success',
          message: 'Your account is active again. Sign in to continue.',
          data: testUser,
        });
      }),
    );
    const { user, router } = await openReactivate();
    await user.type(screen.getByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Password'), 'Sunshine#2026');
    await user.click(screen.getByRole('button', { name: 'Reactivate Account' }));
    expect(await screen.findByRole('button', { name: 'Reactivating...' })).toBeDisabled();
    release();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(
      await screen.findByText('Your account is active again. Sign in to continue.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ email: testUser.email, password: 'Sunshine#2026' });
    expect(await screen.findByLabelText('Email')).toHaveValue(testUser.email);
  });
});
