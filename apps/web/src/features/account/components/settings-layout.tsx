import { NavLink, Outlet } from 'react-router';
import { paths } from '../../../config/paths';

const SECTIONS = [
  { label: 'Edit Profile', to: paths.dashboard.editProfile.getHref() },
  { label: 'Withdrawal Accounts', to: paths.dashboard.withdrawalAccounts.getHref() },
];

/** Settings: the account pages side by side under one title (spec §2). */
export function SettingsLayout() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-ink md:text-3xl">Settings</h1>
      <div className="rounded-[12px] bg-white p-4 md:p-6">
        <nav aria-label="Settings" className="border-b border-line">
          <ul className="-mb-px flex gap-1">
            {SECTIONS.map((section) => (
              <li key={section.to} className="flex-1 sm:flex-none">
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `flex min-h-11 h-full items-center justify-center border-b-[3px] px-2 py-2 text-center text-sm leading-tight font-semibold transition-colors sm:px-4 sm:text-[15px] ${
                      isActive
                        ? 'border-brand text-brand-deep'
                        : 'border-transparent text-slate hover:border-line hover:text-ink'
                    }`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="pt-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
