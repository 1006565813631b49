import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { DeactivateAccountModal } from './deactivate-account-modal';

const DEACTIVATED = 'Your account has been deactivated. Sign in again any time to reactivate it.';

function renderModal() {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <DeactivateAccountModal isOpen onClose={onClose} />
      <ToastContainer />
    </>,
    { preloadedState: signedInState() },
  );
  return { ...view, onClose };
}

describe('DeactivateAccountModal (docs/product.md §4, §5)', () => {
  it('explains that signing in again brings the account back', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Deactivate your account?' })).toBeInTheDocument();
    expect(screen.getByText(/sign in with your e-mail and password and reactivate/)).toBeVisible();
  });

  it('asks for the password, at least 8 characters', async () => {
    const { user } = renderModal();
    const confirm = screen.getByRole('button', { name: 'Deactivate account' });
    await user.click(confirm);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(confirm);
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('deactivates, says so and clears the session', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let received: unknown = null;
    server.use(
      http.post(api('/user/deactivate_account/:userId'), async ({ request, params }) => {
        received = { userId: params.userId, ...((await request.json()) as object) };
        await gate;
        return success(null, DEACTIVATED);
      }),
    );
    const { user, store, onClose } = renderModal();
    await user.type(screen.getByLabelText('Password'), 'Current#Pass1');
    await user.click(screen.getByRole('button', { name: 'Deactivate account' }));
    expect(await screen.findByRole('button', { name: 'Deactivating...' })).toBeDisabled();
    release();

    await waitFor(() => {
      expect(store.getState().auth.token).toBe('');
    });
    expect(received).toEqual({ userId: testUser.id, password: 'Current#Pass1' });
    expect(store.getState().auth.user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText(DEACTIVATED)).toBeInTheDocument();
  });

  it('keeps the session and marks the field when the password is wrong', async () => {
    server.use(
      http.post(api('/user/deactivate_account/:userId'), () =>
        failure(401, 'Your password is incorrect.', 'password'),
      ),
    );
    const { user, store, onClose } = renderModal();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Wrong#Pass1');
    await user.click(screen.getByRole('button', { name: 'Deactivate account' }));
    await waitFor(() => {
      expect(password).toHaveAccessibleDescription('Your password is incorrect.');
    });
    expect(store.getState().auth.token).not.toBe('');
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(testUser.id);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape and on Cancel', async () => {
    const { user, onClose } = renderModal();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
