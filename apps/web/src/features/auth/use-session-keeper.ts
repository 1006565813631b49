import { useEffect } from 'react';
import { PROACTIVE_REFRESH_LEAD_MS, USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { readTokenExpiry } from '../../lib/jwt';
import { getStoredUserId } from '../../lib/user-id-storage';
import { selectToken } from '../../lib/session/auth-slice';
import { refreshSession } from './refresh-session';
import { clearSession } from '../../lib/session/session';

/**
 * Keeps the session alive (docs/product.md §4). On entry, with no token yet, it silently tries to restore
 * the session from the stored user id. With a token, it refreshes 60 s before the token
 * expires (at once if it already has), and clears the session if the token cannot be read. When
 * another tab signs out (its stored user id goes), this one ends its session too, at once: a
 * sign-out made offline cannot reach the other tabs through the server (decision 053).
 */
export function useSessionKeeper() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);

  useEffect(() => {
    if (token === undefined) void refreshSession(dispatch, { isSilent: true });
  }, [dispatch, token]);

  useEffect(() => {
    if (token === '') return;
    const onStorage = (event: StorageEvent) => {
      const isUserIdGone =
        event.storageArea === localStorage &&
        (event.key === null || (event.key === USER_ID_STORAGE_KEY && event.newValue === null));
      if (isUserIdGone) clearSession(dispatch);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
    };
  }, [dispatch, token]);

  useEffect(() => {
    if (!token || !getStoredUserId()) return;
    const expiresAt = readTokenExpiry(token);
    if (expiresAt === null) {
      clearSession(dispatch);
      return;
    }
    const delay = Math.max(0, expiresAt - PROACTIVE_REFRESH_LEAD_MS - Date.now());
    const timer = setTimeout(() => void refreshSession(dispatch), delay);
    return () => {
      clearTimeout(timer);
    };
  }, [dispatch, token]);
}
