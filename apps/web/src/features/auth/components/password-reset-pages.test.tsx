import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import { renderApp, signedOutState } from '../../../testing/render';
import { api, failure, server, testUser } from '../../../testing/server';

const SENT =
  'If an account uses this email, we have sent it a 6-digit code. It expires in 10 minutes.';
const NEW_PASSWORD = 'Rainfall#2027';

function answerForgot(onEmail: (email: unknown) => void = () => undefined) {
  server.use(
    http.post(api('/auth/forgot_password'), async ({ request }) => {
      onEmail(((await request.json()) as { email?: unknown }).email);
      return HttpResponse.json({ status: 'success', message: SENT, data: null });
    }),
  );
}

describe('forgot and reset password', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a code, says it was sent, and carries the e-mail to the reset step', async () => {
    const emails: unknown[] = [];
    answerForgot((email) => emails.push(email));
    const { user, router } = renderApp('/forgot-password', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Forgot password' });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MESSAGES.EMAIL_REQUIRED)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), testUser.email);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/reset-password');
    });
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    // The toast can show before the reset page's lazy chunk has rendered.
    await screen.findByRole('heading', { name: 'Reset password' });
    expect(emails).toEqual([testUser.email]);
    expect(screen.getByLabelText('Email')).toHaveValue(testUser.email);
    // A code has just gone out: the resend waits 30 seconds.
    expect(screen.getByRole('button', { name: /^Resend/ })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await user.click(screen.getByRole('button', { name: /^Resend/ }));
    await waitFor(() => {
      expect(emails).toHaveLength(2);
    });
  });

  it('checks the reset form with the shared messages', async () => {
    const { user } = renderApp('/reset-password', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Reset password' });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.EMAIL_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.OTP_INVALID)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.NEW_PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.CONFIRM_PASSWORD_REQUIRED)).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), 'Rainfall#2028');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.PASSWORDS_DO_NOT_MATCH)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '!');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
  });

  it('resets with the code and new password, then goes to /login', async () => {
    let sent: unknown;
    server.use(
      http.post(api('/auth/reset_password'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          status: 'success',
          message: 'Your password has been reset. Sign in with your new password.',
          data: null,
        });
      }),
    );
    const { user, router } = renderApp('/reset-password', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Reset password' });
    // Without an e-mail from the step before, nothing was sent yet: resend is ready at once.
    expect(screen.getByRole('button', { name: /^Resend/ })).toBeEnabled();
    await user.type(screen.getByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Reset code'), '12x3456');
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(sent).toEqual({
      email: testUser.email,
      otp: '123456',
      new_password: NEW_PASSWORD,
      verify_new_password: NEW_PASSWORD,
    });
  });

  it('marks a refused code under the code field', async () => {
    server.use(
      http.post(api('/auth/reset_password'), () =>
        failure(401, 'This code is not correct. You have 4 tries left.', 'otp'),
      ),
    );
    const { user, router } = renderApp('/reset-password', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Reset password' });
    await user.type(screen.getByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Reset code'), '123456');
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Reset code')).toHaveAccessibleDescription(
        'This code is not correct. You have 4 tries left.',
      );
    });
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});
