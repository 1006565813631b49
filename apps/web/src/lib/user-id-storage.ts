import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';

/** The user id kept in local storage (docs/product.md §3): what a refresh needs after a reload. */
export function getStoredUserId(): string | null {
  try {
    return localStorage.getItem(USER_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeUserId(userId: string) {
  try {
    localStorage.setItem(USER_ID_STORAGE_KEY, userId);
  } catch {
    // Private browsing can refuse storage; the session then lasts as long as the tab.
  }
}

export function clearStoredUserId() {
  try {
    localStorage.removeItem(USER_ID_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
