import { describe, expect, it } from 'vitest';
import { storeUserId } from '../user-id-storage';
import { ensureSessionKey, getSessionKey, sessionKeyFor, startSessionKey } from './session-key';

/** What the service worker accepts as a session (service-worker/sw.js, SESSION_KEY). */
const WORKER_ACCEPTS = /^[A-Za-z0-9_-]{22}$/;

describe('the session key (decision 053)', () => {
  it('is 128 random bits the worker accepts, new at each sign-in, kept by a restore', () => {
    const first = startSessionKey();
    expect(first).toMatch(WORKER_ACCEPTS);
    expect(ensureSessionKey()).toBe(first);
    const second = startSessionKey();
    expect(second).toMatch(WORKER_ACCEPTS);
    expect(second).not.toBe(first);
    expect(getSessionKey()).toBe(second);
  });

  it('a session started by an older version gets one when it is restored', () => {
    expect(getSessionKey()).toBeNull();
    expect(ensureSessionKey()).toMatch(WORKER_ACCEPTS);
  });

  it('goes only with requests for the account the device is signed in as', () => {
    storeUserId('seller-1');
    const key = startSessionKey();
    expect(sessionKeyFor('seller-1')).toBe(key);
    // A tab still showing an account the device has since left (signed out, or another sign-in).
    expect(sessionKeyFor('seller-2')).toBeNull();
    expect(sessionKeyFor(undefined)).toBeNull();
  });
});
