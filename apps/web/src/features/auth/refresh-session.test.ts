import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { makeStore } from '../../app/store';
import { api, server, testUser } from '../../testing/server';
import { refreshSession } from './refresh-session';

const REFRESH = api(`/user/refresh_token/${testUser.id}`);

afterEach(() => {
  delete window.__kartaEarly;
});

describe('refreshSession and the dashboard page’s early refresh (decision 074)', () => {
  it('takes the refresh the page’s head already sent instead of sending a second one', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, testUser.id);
    let sent = 0;
    server.use(
      http.post(REFRESH, () => {
        sent += 1;
        return HttpResponse.json(
          { status: 'error', message: 'refresh token already used' },
          {
            status: 403,
          },
        );
      }),
    );
    const early = Promise.resolve(
      HttpResponse.json({ status: 'success', token: 'early-token', data: testUser }),
    );
    window.__kartaEarly = { [`POST ${REFRESH}`]: early, ready: Promise.resolve() };
    const store = makeStore();

    // Before: a second refresh went out; a refresh token works once, so the server refused it
    // and the seller was signed out.
    expect(await refreshSession(store.dispatch)).toBe(true);
    expect(sent).toBe(0);
    expect(store.getState().auth.token).toBe('early-token');
    // Taken once: the next refresh is the app's own.
    expect(window.__kartaEarly[`POST ${REFRESH}`]).toBeUndefined();
  });
});
