import type { StoreEnhancer, UnknownAction } from 'redux';

/** The flag RTK Query puts on the actions it lets wait (`prepareAutoBatched`, RTK's name). */
const SHOULD_AUTOBATCH = 'RTK_autoBatch';

/** Notify in the next frame, or after 100 ms in a hidden tab (no frames there); in Node, soon. */
function queueNotification(notify: () => void) {
  if (typeof window === 'undefined') {
    setTimeout(notify, 10);
    return;
  }
  let isCalled = false;
  const callback = () => {
    if (isCalled) return;
    isCalled = true;
    window.cancelAnimationFrame(frame);
    clearTimeout(timer);
    notify();
  };
  const frame = window.requestAnimationFrame(callback);
  const timer = setTimeout(callback, 100);
}

/**
 * Redux Toolkit's `autoBatchEnhancer` ({ type: 'raf' }), which `configureStore` added by
 * default: the subscribers hear of an action RTK Query marks as batchable (a query starting, a
 * subscription changing) in the next frame, together, instead of once each. The same behaviour
 * on plain Redux (decision 076): a loading state stays on screen for that frame, as before.
 */
export const autoBatchEnhancer: StoreEnhancer = (next) => (reducer, preloadedState) => {
  const store = next(reducer, preloadedState);
  let isNotifying = true;
  let shouldNotifyLater = false;
  let isQueued = false;
  const listeners = new Set<() => void>();
  const notifyListeners = () => {
    isQueued = false;
    if (!shouldNotifyLater) return;
    shouldNotifyLater = false;
    listeners.forEach((listener) => {
      listener();
    });
  };
  return {
    ...store,
    subscribe(listener: () => void) {
      const unsubscribe = store.subscribe(() => {
        if (isNotifying) listener();
      });
      listeners.add(listener);
      return () => {
        unsubscribe();
        listeners.delete(listener);
      };
    },
    dispatch: ((action: UnknownAction) => {
      try {
        const meta = action.meta as Record<string, unknown> | undefined;
        isNotifying = !meta?.[SHOULD_AUTOBATCH];
        shouldNotifyLater = !isNotifying;
        if (shouldNotifyLater && !isQueued) {
          isQueued = true;
          queueNotification(notifyListeners);
        }
        return store.dispatch(action as Parameters<typeof store.dispatch>[0]);
      } finally {
        isNotifying = true;
      }
    }) as typeof store.dispatch,
  };
};
