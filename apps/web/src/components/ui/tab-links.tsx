import { NavLink } from 'react-router';

interface TabLinksProps {
  label: string;
  tabs: { label: string; to: string }[];
}

/**
 * Tabs that are links: each list has its own address, so it can be bookmarked, shared and
 * reached with the back button. The current one carries aria-current="page".
 */
export function TabLinks({ label, tabs }: TabLinksProps) {
  return (
    <nav aria-label={label} className="border-b border-line">
      {/* More than three tabs do not fit one row of a 360 px phone: two columns there. */}
      <ul className={`-mb-px gap-1 ${tabs.length > 3 ? 'grid grid-cols-2 sm:flex' : 'flex'}`}>
        {tabs.map((tab) => (
          <li key={tab.to} className="flex-1 sm:flex-none">
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                `flex min-h-11 h-full items-center justify-center border-b-[3px] px-2 py-2 text-center text-sm leading-tight font-semibold transition-colors sm:px-4 sm:text-[15px] ${
                  isActive
                    ? 'border-brand text-brand-deep'
                    : 'border-transparent text-slate hover:border-line hover:text-ink'
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
