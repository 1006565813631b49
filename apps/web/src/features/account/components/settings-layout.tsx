import { Outlet } from 'react-router';
import { TabLinks } from '../../../components/ui/tab-links';
import { paths } from '../../../config/paths';

const SECTIONS = [
  { label: 'Edit Profile', to: paths.dashboard.editProfile.getHref() },
  { label: 'Withdrawal Accounts', to: paths.dashboard.withdrawalAccounts.getHref() },
  { label: 'Automatic Withdrawal', to: paths.dashboard.autoWithdrawal.getHref() },
  { label: 'Rate Alerts', to: paths.dashboard.rateAlerts.getHref() },
  { label: 'Security', to: paths.dashboard.security.getHref() },
  { label: 'Verification', to: paths.dashboard.verification.getHref() },
];

/** Settings: the account pages side by side under one title (docs/product.md §2). */
export function SettingsLayout() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-ink md:text-3xl">Settings</h1>
      <div className="rounded-[12px] bg-white p-4 md:p-6">
        <TabLinks label="Settings" tabs={SECTIONS} />
        <div className="pt-6">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
