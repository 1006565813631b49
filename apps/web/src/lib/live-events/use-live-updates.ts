import { useEffect } from 'react';
import { API_BASE } from '../api-base-url';
import { baseApi } from '../base-api';
import { selectToken, selectUserId } from '../session/auth-slice';
import { useAppDispatch, useAppSelector, useAppStore } from '../store/hooks';
import { connectEventStream } from './event-stream';
import { FOLLOWED_LISTS, tagsOfEvent } from './live-tags';
import { setLive } from './live-status';

/** One stream per tab, however many layouts ask for it: counted, opened by the first. */
let users = 0;
let connection: { userId: string; stop: () => void } | null = null;

/**
 * Keeps this tab's screens up to date from the live stream (decision 069): each event marks
 * what it changed stale in RTK Query's cache, and the screens that show it refetch at once
 * (the bell, the trade page, the withdrawal detail, the history lists, the console's queues).
 * Mounted by the dashboard and console layouts; signed out, nothing is open.
 */
export function useLiveUpdates() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const userId = useAppSelector(selectUserId);
  const hasToken = useAppSelector((state) => Boolean(selectToken(state)));

  useEffect(() => {
    if (!userId || !hasToken) return undefined;
    users += 1;
    if (connection?.userId !== userId) {
      connection?.stop();
      const stream = connectEventStream({
        url: `${API_BASE}/events`,
        getToken: () => selectToken(store.getState()) ?? null,
        onEvent: (event) => {
          const tags = tagsOfEvent(event);
          if (tags.length > 0) dispatch(baseApi.util.invalidateTags(tags));
        },
        onState: (state, wasDown) => {
          setLive(state === 'open');
          // Back after a failure: what changed meanwhile beyond the replay is read again.
          if (state === 'open' && wasDown) dispatch(baseApi.util.invalidateTags(FOLLOWED_LISTS));
        },
      });
      connection = {
        userId,
        stop: () => {
          stream.stop();
        },
      };
    }
    return () => {
      users -= 1;
      if (users === 0) {
        connection?.stop();
        connection = null;
        setLive(false);
      }
    };
  }, [dispatch, store, userId, hasToken]);
}
