import { useEffect } from 'react';

/** Stops the page behind an open overlay from scrolling, and restores its own setting after. */
export function useScrollLock(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [isActive]);
}
