import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, failure, makeToken, server, success, testUser } from '../../../testing/server';
import {
  PENDING_SIGN_OUT_KEY,
  PERSISTED_AUTH_KEY,
  SESSION_KEY_STORAGE_KEY,
} from '../../../lib/session/device-keys';
import { getSessionKey, startSessionKey } from '../../../lib/session/session-key';
import { SIGNED_OUT_OFFLINE, SignOutModal } from './sign-out-modal';

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

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A Cache Storage with a shell and this session's saved answers, as the worker leaves it. */
function stubCaches(sessionKey: string) {
  const names = new Set([`karta-shell-v1`, `karta-personal-${sessionKey}`]);
  vi.stubGlobal('caches', {
    keys: () => Promise.resolve([...names]),
    delete: (name: string) => Promise.resolve(names.delete(name)),
  });
  return names;
}

describe('SignOutModal (docs/product.md §4)', () => {
  it('says where it signs out, and by default ends only this device’s sign-in', async () => {
    const ended: unknown[] = [];
    let signedOutEverywhere = false;
    server.use(
      http.post(api('/user/sessions/end/:userId'), async ({ request }) => {
        ended.push(await request.json());
        return success(null, 'That device is signed out. Your other devices stay signed in.');
      }),
      http.post(api('/auth/signout'), () => {
        signedOutEverywhere = true;
        return success(null, SIGNED_OUT);
      }),
    );
    const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
    const token = `${encode({ alg: 'HS256' })}.${encode({ sub: testUser.id, sid: 'sign-in-7', exp: Math.floor(Date.now() / 1000) + 900 })}.signature`;
    const onClose = vi.fn();
    const state = signedInState();
    if (!state.auth) throw new Error('no auth state');
    const { user, store } = renderWithProviders(<SignOutModal isOpen onClose={onClose} />, {
      preloadedState: { ...state, auth: { ...state.auth, token } },
    });
    const dialog = screen.getByRole('dialog', { name: 'Sign out of Karta?' });
    expect(dialog).toHaveTextContent('This device onlyYour other devices stay signed in.');
    expect(dialog).toHaveTextContent('Every device');
    expect(screen.getByRole('radio', { name: /This device only/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Sign out of this device' }));
    await waitFor(() => {
      expect(store.getState().auth.token).toBe('');
    });
    expect(ended).toEqual([{ session_id: 'sign-in-7' }]);
    expect(signedOutEverywhere).toBe(false);
  });

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
    startSessionKey();
    localStorage.setItem(PERSISTED_AUTH_KEY, JSON.stringify({ remembered: '{}' }));
    const { user, store, onClose } = renderModal();
    const token = store.getState().auth.token;
    await user.click(screen.getByRole('radio', { name: /Every device/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));
    expect(await screen.findByRole('button', { name: 'Signing out...' })).toBeDisabled();
    release();

    await waitFor(() => {
      expect(store.getState().auth.token).toBe('');
    });
    expect(authorization).toBe(token);
    expect(store.getState().auth.user).toBeNull();
    for (const key of [USER_ID_STORAGE_KEY, PERSISTED_AUTH_KEY, SESSION_KEY_STORAGE_KEY]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBeNull();
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByText(SIGNED_OUT)).toBeInTheDocument();
  });

  it('stays signed in and open when the server fails', async () => {
    server.use(http.post(api('/auth/signout'), () => failure(500, 'Something went wrong')));
    const { user, store, onClose } = renderModal();
    await user.click(screen.getByRole('radio', { name: /Every device/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(store.getState().auth.token).not.toBe('');
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(testUser.id);
    expect(onClose).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Sign out of every device' })).toBeEnabled();
  });

  it('offline, signs out on this device at once, says so, and tells the server once back online', async () => {
    const sessionKey = startSessionKey();
    const cacheNames = stubCaches(sessionKey);
    // What redux-persist kept (the remembered user), as it would be on the disk.
    localStorage.setItem(PERSISTED_AUTH_KEY, JSON.stringify({ remembered: '{}' }));
    let isNetworkDown = true;
    const serverSignOuts: (string | null)[] = [];
    const refreshedToken = makeToken();
    server.use(
      http.post(api('/auth/signout'), ({ request }) => {
        if (isNetworkDown) return HttpResponse.error();
        serverSignOuts.push(request.headers.get('authorization'));
        return success(null, SIGNED_OUT);
      }),
      // Back online, the refresh cookie buys the token the sign-out needs.
      http.post(api('/user/refresh_token/:userId'), ({ params }) =>
        isNetworkDown || params.userId !== testUser.id
          ? HttpResponse.error()
          : HttpResponse.json({
              status: 'success',
              message: 'Session refreshed',
              token: refreshedToken,
              data: testUser,
            }),
      ),
    );
    const { user, store, onClose } = renderModal();
    await user.click(screen.getByRole('radio', { name: /Every device/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out of every device' }));

    expect(await screen.findByText(SIGNED_OUT_OFFLINE)).toBeInTheDocument();
    const { auth } = store.getState();
    expect(auth).toMatchObject({ token: '', user: null, remembered: null });
    expect(onClose).toHaveBeenCalled();
    for (const key of [USER_ID_STORAGE_KEY, PERSISTED_AUTH_KEY, SESSION_KEY_STORAGE_KEY]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    await waitFor(() => {
      expect([...cacheNames]).toEqual(['karta-shell-v1']);
    });
    // The offline failure is not also toasted as an error: the words above say it all.
    expect(screen.queryByText(/could not reach Karta/)).not.toBeInTheDocument();
    // Only the account id waits, for the server.
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBe(testUser.id);
    expect(serverSignOuts).toEqual([]);

    isNetworkDown = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => {
      expect(serverSignOuts).toEqual([refreshedToken]);
    });
    await waitFor(() => {
      expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBeNull();
    });
    expect(getSessionKey()).toBeNull();
  });
});
