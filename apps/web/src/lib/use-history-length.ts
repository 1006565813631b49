import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Session storage key holding how many locations this tab has visited (docs/product.md §2). */
export const HISTORY_LENGTH_KEY = 'history_length';

/** How many locations this tab has visited so far; 0 when nothing was counted. */
function readHistoryLength(): number {
  try {
    const value = Number(sessionStorage.getItem(HISTORY_LENGTH_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/**
 * Counts every location change in session storage, so a screen can tell whether "back" stays
 * inside the app. Each location has its own key, which also keeps React's development double
 * effect from counting one visit twice.
 */
export function useHistoryLength() {
  const location = useLocation();
  const countedKey = useRef<string | null>(null);

  useEffect(() => {
    if (countedKey.current === location.key) return;
    countedKey.current = location.key;
    try {
      sessionStorage.setItem(HISTORY_LENGTH_KEY, String(readHistoryLength() + 1));
    } catch {
      // Storage can be refused (private browsing); the count is a convenience, not a need.
    }
  }, [location.key]);
}
