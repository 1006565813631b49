import { SEARCH_DEBOUNCE_MS } from '@karta/shared/constants';
import { useEffect, useState } from 'react';

/** The value as it was `delayMs` after it last changed. */
function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(value);
    }, delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return debounced;
}

/**
 * Search text (debounced 500 ms, docs/product.md §9) and the page to load. The page belongs to a list:
 * a new search or a new card is a new list, so the page is 1 again, with no early request
 * for the old search.
 */
export function usePagedSearch(listKey: string) {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const key = `${listKey}|${debouncedSearch}`;
  const [paging, setPaging] = useState({ key, page: 1 });
  // Adjusted during render (React's pattern for state derived from a changed input), so even
  // a return to an earlier search starts over at page 1.
  if (paging.key !== key) setPaging({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return {
    search: debouncedSearch,
    page,
    setSearch,
    nextPage: () => {
      setPaging({ key, page: page + 1 });
    },
  };
}
