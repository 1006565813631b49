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
          <ul className="-mb-px flex gap-1 overflow-x-auto">
            {SECTIONS.map((section) => (
              <li key={section.to} className="shrink-0">
                <NavLink
                  to={section.to}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center border-b-[3px] px-4 text-[15px] font-semibold transition-colors ${
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
