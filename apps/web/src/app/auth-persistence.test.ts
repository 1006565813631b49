import { describe, expect, it, vi } from 'vitest';
import { loggedOut, rememberedOf, setCredentials } from '../lib/session/auth-slice';
import { PERSISTED_AUTH_KEY } from '../lib/session/device-keys';
import { makeToken, testUser } from '../testing/server';
import { keepAuthPersisted } from './auth-persistence';
import { makeStore } from './store';

const stored = () => localStorage.getItem(PERSISTED_AUTH_KEY);

/** What redux-persist writes: each kept key as JSON, inside JSON. */
const persisted = (state: Record<string, unknown>, version: number) =>
  JSON.stringify({
    ...Object.fromEntries(
      Object.entries(state).map(([key, value]) => [key, JSON.stringify(value)]),
    ),
    _persist: JSON.stringify({ version, rehydrated: true }),
  });

/** docs/product.md §3: the signed-in user survives a reload; decision 053: only what restoring needs. */
describe('auth persistence', () => {
  it('restores the user an earlier visit remembered', async () => {
    localStorage.setItem(PERSISTED_AUTH_KEY, persisted({ remembered: rememberedOf(testUser) }, 1));
    const store = makeStore();
    expect(store.getState().auth.remembered).toBeNull();
    await keepAuthPersisted(store);
    await vi.waitFor(() => {
      expect(store.getState().auth.remembered).toEqual({
        id: testUser.id,
        first_name: testUser.first_name,
        referral_code: testUser.referral_code,
      });
    });
    // The full profile comes from the API with the session, never from the disk.
    expect(store.getState().auth.user).toBeNull();
  });

  it('keeps the id, first name and referral code of the user who signs in: no e-mail, phone, birth date, last name or token', async () => {
    const store = makeStore();
    const persisting = keepAuthPersisted(store);
    const token = makeToken();
    store.dispatch(setCredentials({ user: testUser, token }));
    await persisting;
    await vi.waitFor(() => {
      expect(stored()).toContain(testUser.first_name);
    });
    expect(stored()).toContain(testUser.id);
    expect(stored()).toContain(testUser.referral_code);
    for (const detail of [
      testUser.email,
      testUser.mobile_number ?? '',
      testUser.date_of_birth ?? '',
      testUser.last_name,
      token,
    ]) {
      expect(stored()).not.toContain(detail);
    }
  });

  it('an older version’s whole stored profile is read back as its remembered part, and the rest leaves the disk', async () => {
    // Before decision 053 the whole user was kept, under `user`, at redux-persist's version -1.
    localStorage.setItem(PERSISTED_AUTH_KEY, persisted({ user: testUser }, -1));
    const store = makeStore();
    await keepAuthPersisted(store);
    await vi.waitFor(() => {
      expect(store.getState().auth.remembered).toEqual(rememberedOf(testUser));
    });
    expect(store.getState().auth.user).toBeNull();
    await vi.waitFor(() => {
      expect(stored()).not.toContain(testUser.email);
    });
    expect(stored()).not.toContain(testUser.date_of_birth ?? '');
    expect(stored()).toContain(testUser.first_name);
  });

  it('signed out, the device keeps no persist:auth at all', async () => {
    const store = makeStore();
    const persisting = keepAuthPersisted(store);
    store.dispatch(setCredentials({ user: testUser, token: makeToken() }));
    await persisting;
    await vi.waitFor(() => {
      expect(stored()).not.toBeNull();
    });
    store.dispatch(loggedOut());
    // redux-persist writes the signed-out state a moment later: as a removal.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stored()).toBeNull();
  });

  it('writes nothing for a guest, who never needs it', async () => {
    const store = makeStore();
    void keepAuthPersisted(store);
    store.dispatch({ type: 'something/else' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stored()).toBeNull();
  });
});
