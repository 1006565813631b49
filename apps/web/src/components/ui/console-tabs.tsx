import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ListTab } from '../../lib/list-query';

interface ConsoleTabsProps<T extends string> {
  /** The navigation's accessible name, such as "Trade status". */
  label: string;
  tabs: readonly ListTab<T>[];
  current: T;
  /** Each tab's address: the tab lives in the query, so a view can be bookmarked and shared. */
  hrefOf: (tab: T) => string;
}

/**
 * A console list's status tabs. They share one page address and differ in the query, which
 * NavLink does not compare, so the current tab is named by the caller. Below 768 px they are one
 * row that scrolls sideways inside itself (nine tabs wrapped to five rows and pushed the list
 * below the fold), scrolled so the current tab shows.
 */
export function ConsoleTabs<T extends string>({
  label,
  tabs,
  current,
  hrefOf,
}: ConsoleTabsProps<T>) {
  const rowRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = rowRef.current;
    const chosen = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && chosen && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = chosen.offsetLeft - row.offsetLeft - 16;
    }
  }, [current]);
  return (
    <nav aria-label={label} className="border-b border-line">
      <ul
        ref={rowRef}
        className="-mb-px flex gap-1 overflow-x-auto md:flex-wrap md:overflow-visible"
      >
        {tabs.map((tab) => (
          <li key={tab.value} className="shrink-0">
            <Link
              to={hrefOf(tab.value)}
              aria-current={tab.value === current ? 'page' : undefined}
              className={`flex min-h-11 items-center border-b-[3px] px-3 font-semibold whitespace-nowrap sm:px-4 ${
                tab.value === current
                  ? 'border-brand text-brand-deep'
                  : 'border-transparent text-slate hover:border-line hover:text-ink'
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
