import { describe, expect, it, vi } from 'vitest';
import { setCredentials } from '../lib/session/auth-slice';
import { makeToken, testUser } from '../testing/server';
import { keepAuthPersisted, PERSISTED_AUTH_KEY } from './auth-persistence';
import { makeStore } from './store';

const stored = () => localStorage.getItem(PERSISTED_AUTH_KEY);

/** Spec §3: the signed-in user survives a reload; only the user is written. */
describe('auth persistence', () => {
  it('restores the user an earlier visit saved', async () => {
    localStorage.setItem(
      PERSISTED_AUTH_KEY,
      JSON.stringify({
        user: JSON.stringify(testUser),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const store = makeStore();
    expect(store.getState().auth.user).toBeNull();
    await keepAuthPersisted(store);
    await vi.waitFor(() => {
      expect(store.getState().auth.user).toEqual(testUser);
    });
  });

  it('saves the user who signs in, without the token', async () => {
    const store = makeStore();
    const persisting = keepAuthPersisted(store);
    const token = makeToken();
    store.dispatch(setCredentials({ user: testUser, token }));
    await persisting;
    await vi.waitFor(() => {
      expect(stored()).toContain(testUser.email);
    });
    expect(stored()).not.toContain(token);
  });

  it('writes nothing for a guest, who never needs it', async () => {
    const store = makeStore();
    void keepAuthPersisted(store);
    store.dispatch({ type: 'something/else' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stored()).toBeNull();
  });
});
