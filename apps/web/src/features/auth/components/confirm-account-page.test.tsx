import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import type { PreloadedState } from '../../../app/store';
import { initialAuthState } from '../../../lib/session/auth-slice';
import { renderApp } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';

const PASSWORD = 'Sunshine#2026';
const withVerifyData = (): PreloadedState => ({
  auth: {
    ...initialAuthState,
    token: '',
    verifyData: { email: testUser.email, password: PASSWORD },
  },
});

async function openConfirm(preloadedState: PreloadedState = withVerifyData()) {
  const view = renderApp('/confirm-account', { preloadedState });
  await screen.findByRole('heading', { name: 'Confirm Account' });
  return view;
}

describe('ConfirmAccountPage (docs/product.md §2, §4, §5)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the masked e-mail, the spam hint and the OTP rule', async () => {
    await openConfirm();
    expect(screen.getByText('****a.obi@example.com')).toBeInTheDocument();
    expect(screen.queryByText(testUser.email)).not.toBeInTheDocument();
    expect(screen.getByText(/check your spam folder/)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmation code')).toHaveAccessibleDescription(
      MESSAGES.OTP_INVALID,
    );
  });

  it('takes digits only and stays disabled until there are 6', async () => {
    const { user } = await openConfirm();
    const input = screen.getByLabelText('Confirmation code');
    const button = screen.getByRole('button', { name: 'Confirm Account' });
    expect(button).toBeDisabled();
    await user.type(input, '12a3-4 5');
    expect(input).toHaveValue('12345');
    expect(button).toBeDisabled();
    await user.type(input, '67');
    expect(input).toHaveValue('123456');
    expect(button).toBeEnabled();
  });

  it('confirms with otp, email and password, then goes to /login and forgets them', async () => {
    let sent: unknown;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(api('/auth/account_otp_verification'), async ({ request }) => {
        sent = await request.json();
        await gate;
        return success(testUser, 'Your account is confirmed. Sign in to start trading.');
      }),
    );
    const { user, router, store } = await openConfirm();
    await user.type(screen.getByLabelText('Confirmation code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));
    expect(await screen.findByRole('button', { name: 'Confirming...' })).toBeDisabled();
    release();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(
      await screen.findByText('Your account is confirmed. Sign in to start trading.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ otp: '482913', email: testUser.email, password: PASSWORD });
    expect(store.getState().auth.verifyData).toBeNull();
    expect(await screen.findByLabelText('Email')).toHaveValue(testUser.email);
  });

  it('resends after 30 seconds: toast, cleared code, and a new wait', async () => {
    let requestedFor: string | null = null;
    server.use(
      http.get(api('/user/request_otp'), ({ request }) => {
        requestedFor = new URL(request.url).searchParams.get('email');
        return HttpResponse.json({
          status: 'success',
          message: 'We have sent a new 6-digit code to your email.',
          data: null,
        });
      }),
    );
    const { user } = await openConfirm();
    const resend = screen.getByRole('button', { name: /^Resend/ });
    expect(resend).toBeDisabled();
    expect(screen.getByText('0:30')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), '111');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(
      await screen.findByText('We have sent a new 6-digit code to your email.'),
    ).toBeInTheDocument();
    expect(requestedFor).toBe(testUser.email);
    expect(screen.getByLabelText('Confirmation code')).toHaveValue('');
    expect(screen.getByRole('button', { name: /^Resend/ })).toBeDisabled();
    expect(screen.getByText('0:30')).toBeInTheDocument();
  });

  it('keeps the e-mail (never the password) across a reload and asks for the password again', async () => {
    let sent: unknown;
    server.use(
      http.post(api('/auth/account_otp_verification'), async ({ request }) => {
        sent = await request.json();
        return success(testUser, 'Your account is confirmed. Sign in to start trading.');
      }),
    );
    const first = await openConfirm();
    first.unmount();
    // What a reload keeps: the tab's storage, not the store's memory.
    const valuesOf = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, index) => {
        const key = storage.key(index);
        return key === null ? '' : `${key}=${storage.getItem(key) ?? ''}`;
      });
    const kept = [...valuesOf(sessionStorage), ...valuesOf(localStorage)].join('\n');
    expect(kept).toContain(testUser.email);
    expect(kept).not.toContain(PASSWORD);
    const { user, router } = await openConfirm({ auth: { ...initialAuthState, token: '' } });
    expect(screen.getByText('****a.obi@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), '482913');
    expect(screen.getByRole('button', { name: 'Confirm Account' })).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(sent).toEqual({ otp: '482913', email: testUser.email, password: PASSWORD });
    expect(sessionStorage.length).toBe(0);
  });

  it('says a wrong code under the code field, where it lasts, not in a toast', async () => {
    server.use(
      http.post(api('/auth/account_otp_verification'), () =>
        HttpResponse.json(
          {
            status: 'error',
            message: 'The code is incorrect.',
            errors: [{ field: 'otp', message: 'The code is incorrect.' }],
          },
          { status: 401 },
        ),
      ),
    );
    const { user } = await openConfirm();
    await user.type(screen.getByLabelText('Confirmation code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Confirm Account' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Confirmation code')).toHaveAccessibleDescription(
        'The code is incorrect.',
      );
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getAllByText('The code is incorrect.')).toHaveLength(1);
  });

  it('explains what to do when it does not know the account', async () => {
    await openConfirm({ auth: { ...initialAuthState, token: '' } });
    expect(screen.getByText(/We do not know which account to confirm/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: 'Confirm Account' })).not.toBeInTheDocument();
  });
});
