import { useCallback, useState } from 'react';
import { useAppDispatch } from './store/hooks';
import type { AppDispatch } from './store/store-extra';

/** An API call as a lazily loaded module gives it: dispatches it and resolves with the data. */
type Call<Arg, Result> = (dispatch: AppDispatch, arg: Arg) => Promise<Result>;

/**
 * An API mutation whose code loads on first use (docs/decisions/014-react-runtime.md): a guest form page needs
 * RTK Query and its endpoints (about 17 kB gzip) only when the form is sent, so they stay out
 * of the page's first bundle. `preload` starts the download on the form's first focus; a
 * submit before that waits for it. A failed load is tried again next time.
 */
export function lazyMutation<Arg, Result>(load: () => Promise<Call<Arg, Result>>) {
  let loading: Promise<Call<Arg, Result>> | undefined;
  const getCall = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const preload = () => {
    getCall().catch(() => undefined);
  };
  return { getCall, preload };
}

export type LazyMutation<Arg, Result> = ReturnType<typeof lazyMutation<Arg, Result>>;

/**
 * What RTK Query's mutation hook gives (the trigger, already unwrapped, and whether a call is
 * running) for a lazy mutation.
 */
export function useLazyMutation<Arg, Result>(mutation: LazyMutation<Arg, Result>) {
  const dispatch = useAppDispatch();
  const [running, setRunning] = useState(0);
  const trigger = useCallback(
    async (arg: Arg) => {
      setRunning((count) => count + 1);
      try {
        const call = await mutation.getCall();
        return await call(dispatch, arg);
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [dispatch, mutation],
  );
  return [trigger, { isLoading: running > 0 }] as const;
}
