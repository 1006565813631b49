import { useSyncExternalStore } from 'react';

/**
 * Whether this tab's live stream is open now (decision 069). The screens that poll today ask it
 * and poll only while it is not: when the stream fails they go back to polling, silently.
 */
let isLive = false;
const listeners = new Set<() => void>();

export function setLive(value: boolean) {
  if (value === isLive) return;
  isLive = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useIsLive = () =>
  useSyncExternalStore(
    subscribe,
    () => isLive,
    () => false,
  );
