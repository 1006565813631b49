import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, failure, makeToken, server, success, testUser } from '../../../testing/server';
import { serveStepUp, stepUpRequired } from '../../../testing/step-up-fixtures';
import { ChangePasswordModal } from './change-password-modal';

const SENT = 'We have sent a new 6-digit code to your email.';
const CHANGED = 'Your password has been changed. Other devices have been signed out.';
const CURRENT = 'Current#Pass1';
const NEXT = 'Brand#New2026';

/** request_otp answers with success and records the addresses asked for. */
function mockRequestOtp() {
  const emails: (string | null)[] = [];
  server.use(
    http.get(api('/user/request_otp'), ({ request }) => {
      emails.push(new URL(request.url).searchParams.get('email'));
      return success(null, SENT);
    }),
  );
  return emails;
}

function renderModal() {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <ChangePasswordModal isOpen onClose={onClose} />
      <ToastContainer />
    </>,
    { preloadedState: signedInState() },
  );
  return { ...view, onClose };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>, current = CURRENT) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), NEXT);
  await user.type(screen.getByLabelText('Confirm new password'), NEXT);
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ChangePasswordModal: form step (docs/product.md §5)', () => {
  it('asks for every field', async () => {
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
  });

  it('refuses a short current password, a weak new one and a different confirmation', async () => {
    const { user } = renderModal();
    await user.type(screen.getByLabelText('Current password'), 'short');
    await user.type(screen.getByLabelText('New password'), 'alllowercase');
    await user.type(screen.getByLabelText('Confirm new password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(
      screen.getByText(
        'New password must contain 8 characters, one uppercase, one lowercase, one digit and one special character',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const { user, onClose } = renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ChangePasswordModal: code step (docs/product.md §4)', () => {
  it('mails a code, shows the masked address, then changes the password and keeps this device signed in', async () => {
    const emails = mockRequestOtp();
    const newToken = makeToken(1200);
    let received: unknown = null;
    let authorization: string | null = null;
    server.use(
      http.post(api('/user/update_password/:userId'), async ({ request, params }) => {
        received = { userId: params.userId, ...((await request.json()) as object) };
        authorization = request.headers.get('authorization');
        return Response.json({
          status: 'success',
          message: CHANGED,
          token: newToken,
          data: testUser,
        });
      }),
    );
    const { user, store, onClose } = renderModal();
    const oldToken = store.getState().auth.token;
    await fillForm(user);

    expect(await screen.findByText('****a.obi@example.com')).toBeInTheDocument();
    expect(emails).toEqual([testUser.email]);
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveFocus();
    const submit = screen.getByRole('button', { name: 'Change password' });
    await user.type(code, '12a3-45');
    expect(code).toHaveValue('12345');
    expect(submit).toBeDisabled();
    await user.type(code, '6');
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(received).toEqual({
      userId: testUser.id,
      password: CURRENT,
      new_password: NEXT,
      verify_new_password: NEXT,
      otp: '123456',
    });
    expect(authorization).toBe(oldToken);
    expect(store.getState().auth.token).toBe(newToken);
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(testUser.id);
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
  });

  it('sends a wrong current password back to the form, marked at its field, without a new code', async () => {
    const emails = mockRequestOtp();
    server.use(
      http.post(api('/user/update_password/:userId'), () =>
        failure(401, 'Your password is incorrect.', 'password'),
      ),
    );
    const { user, onClose } = renderModal();
    await fillForm(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const current = await screen.findByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Your password is incorrect.');
    expect(current).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(current);
    await user.type(current, 'Right#Pass1');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    // The code already mailed is still good: straight back to it, typed digits kept.
    expect(await screen.findByLabelText('Verification code')).toHaveValue('123456');
    expect(emails).toHaveLength(1);
  });

  it('shows a refused code under the code field', async () => {
    mockRequestOtp();
    server.use(
      http.post(api('/user/update_password/:userId'), () =>
        failure(401, 'That code is not right. Check the e-mail and try again.', 'otp'),
      ),
    );
    const { user } = renderModal();
    await fillForm(user);
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(
      '⚠ That code is not right. Check the e-mail and try again.',
    );
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
  });

  it('lets the user resend only after 30 seconds, with a countdown, and restarts the wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const emails = mockRequestOtp();
    renderModal();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await fillForm(user);

    // Its words while waiting belong to the shared countdown; only "Resend" is fixed here.
    const resend = await screen.findByRole('button', { name: /^Resend/ });
    const bar = screen.getByRole('progressbar', { name: 'Time until you can resend' });
    expect(resend).toBeDisabled();
    expect(screen.getByText('0:30')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '30');

    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('0:20')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(resend).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(resend).toBeEnabled();
    expect(resend).toHaveAccessibleName('Resend code');
    expect(bar).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification code'), '99');
    await user.click(resend);
    await waitFor(() => {
      expect(emails).toHaveLength(2);
    });
    await waitFor(() => {
      expect(resend).toBeDisabled();
    });
    expect(screen.getByText('0:30')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Time until you can resend' })).toBeVisible();
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
  });
});

describe('ChangePasswordModal with two-step sign-in on (step-up, decision 061)', () => {
  it('asks for the code over the kept code step, then sends the same request with the mailed code', async () => {
    mockRequestOtp();
    const received: unknown[] = [];
    server.use(
      http.post(api('/user/update_password/:userId'), async ({ request }) => {
        received.push(await request.json());
        return received.length === 1
          ? stepUpRequired()
          : Response.json({
              status: 'success',
              message: CHANGED,
              token: makeToken(),
              data: testUser,
            });
      }),
    );
    const { codes } = serveStepUp('864200');
    const { user, onClose } = renderModal();
    await fillForm(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(screen.getByLabelText('Verification code')).toHaveValue('123456');
    await user.type(within(prompt).getByLabelText('6-digit code'), '864200');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(codes).toEqual(['864200']);
    const body = {
      password: CURRENT,
      new_password: NEXT,
      verify_new_password: NEXT,
      otp: '123456',
    };
    expect(received).toEqual([body, body]);
  });
});
