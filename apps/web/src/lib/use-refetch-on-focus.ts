import { useEffect } from 'react';

/**
 * Calls `refetch` whenever the window comes back into focus, so a console page shows the newest
 * figures at once. RTK Query's own refetchOnFocus needs setupListeners, whose code would land
 * in the shared API chunk every page loads.
 */
export function useRefetchOnFocus(refetch: () => unknown) {
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
    };
  }, [refetch]);
}
