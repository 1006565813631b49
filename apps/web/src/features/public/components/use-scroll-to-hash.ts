import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '../../../lib/reduced-motion';

/**
 * docs/product.md §2: a legal page scrolls smoothly to the anchor in the address (#reward-system,
 * #account-suspension) when it loads, and again when a contents link changes the anchor.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    });
  }, [hash]);
}
