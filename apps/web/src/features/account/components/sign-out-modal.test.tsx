import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { SignOutModal } from './sign-out-modal';

const SIGNED_OUT = 'You have been signed out.';

function renderModal() {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <SignOutModal isOpen onClose={onClose} />
      <ToastContainer />
    </>,
    { preloadedState: signedInState() },
  );
  return { ...view, onClose };
}

describe('SignOutModal (spec §4)', () => {
  it('asks first, and Cancel or Escape leave the user signed in', async () => {
    const { user, store, onClose } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Sign out of Karta?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(store.getState().auth.token).not.toBe('');
  });

  it('signs out, says so and clears the session', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let authorization: string | null = null;
    server.use(
      http.post(api('/auth/signout'), async ({ request }) => {
        authorization = request.headers.get('authorization');
        await gate;
        return success(null, SIGNED_OUT);
      }),
    );
    const { user, store, onClose } = renderModal();
    const token = store.getState().auth.token;
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Signing out...' })).toBeDisabled();
    release();

    await waitFor(() => {
      expect(store.getState().auth.token).toBe('');
    });
    expect(authorization).toBe(token);
    expect(store.getState().auth.user).toBeNull();
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBeNull();
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText(SIGNED_OUT)).toBeInTheDocument();
  });

  it('stays signed in and open when the server fails', async () => {
    server.use(http.post(api('/auth/signout'), () => failure(500, 'Something went wrong')));
    const { user, store, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(store.getState().auth.token).not.toBe('');
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(testUser.id);
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeEnabled();
  });
});
