import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { DeleteAccountModal } from './delete-account-modal';

const DELETED = 'Your account has been deleted.';

function renderModal() {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <DeleteAccountModal isOpen onClose={onClose} />
      <ToastContainer />
    </>,
    { preloadedState: signedInState() },
  );
  return { ...view, onClose };
}

describe('DeleteAccountModal (docs/product.md §4, §5)', () => {
  it('says what is erased, what is kept, that it is final, and to withdraw first', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeInTheDocument();
    expect(screen.getByText('This cannot be undone.')).toBeVisible();
    expect(screen.getByText(/erases your personal details/)).toBeVisible();
    expect(
      screen.getByText(/trades and money movements are kept, as the law requires/),
    ).toBeVisible();
    expect(screen.getByText(/Withdraw any balance first/)).toBeVisible();
  });

  it('keeps the session when the server refuses for another reason', async () => {
    server.use(
      http.post(api('/user/delete_account/:userId'), () =>
        failure(400, 'Withdraw your balance of ₦12,500.00 before you delete your account.'),
      ),
    );
    const { user, store } = renderModal();
    await user.type(screen.getByLabelText('Password'), 'Current#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(
      await screen.findByText(
        'Withdraw your balance of ₦12,500.00 before you delete your account.',
      ),
    ).toBeInTheDocument();
    expect(store.getState().auth.token).not.toBe('');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('asks for the password, at least 8 characters', async () => {
    const { user } = renderModal();
    const confirm = screen.getByRole('button', { name: 'Delete account' });
    await user.click(confirm);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(confirm);
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('deletes, says so and clears the session', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let received: unknown = null;
    server.use(
      http.post(api('/user/delete_account/:userId'), async ({ request, params }) => {
        received = { userId: params.userId, ...((await request.json()) as object) };
        await gate;
        return success(null, DELETED);
      }),
    );
    const { user, store, onClose } = renderModal();
    await user.type(screen.getByLabelText('Password'), 'Current#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    release();

    await waitFor(() => {
      expect(store.getState().auth.token).toBe('');
    });
    expect(received).toEqual({ userId: testUser.id, password: 'Current#Pass1' });
    expect(store.getState().auth.user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText(DELETED)).toBeInTheDocument();
  });

  it('keeps the session and marks the field when the password is wrong', async () => {
    server.use(
      http.post(api('/user/delete_account/:userId'), () =>
        failure(401, 'Your password is incorrect.', 'password'),
      ),
    );
    const { user, store, onClose } = renderModal();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Wrong#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
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
