import { paths } from '../../config/paths';
import type { IconName } from './dashboard-icons';
import type { DashboardModalName } from '../../lib/dashboard-modals';
import { consolePaths } from '../../config/console-paths';

/** A sidebar entry: a page to go to, or a dialog to open. */
export type NavEntry =
  | { label: string; icon: IconName; to: string }
  | { label: string; icon: IconName; modal: DashboardModalName };

/** docs/product.md §2, in the spec's order and words, then Messages (decision 070). */
export const MAIN_LINKS: NavEntry[] = [
  { label: 'Dashboard', icon: 'home', to: paths.dashboard.overview.getHref() },
  {
    label: 'Transaction History',
    icon: 'history',
    to: paths.dashboard.transactionHistory.getHref(),
  },
  { label: 'Rate Calculator', icon: 'calculator', to: paths.dashboard.rateCalculator.getHref() },
  { label: 'FAQs', icon: 'help', to: paths.dashboard.faqs.getHref() },
  { label: 'Contact Us', icon: 'chat', to: paths.dashboard.contactUs.getHref() },
  // Conversations with the Karta team (decision 070): about a trade, or general.
  { label: 'Messages', icon: 'chat', to: paths.dashboard.messages.getHref() },
];

/** Only operators and admins see it (the console says why to anyone else). */
export const OPERATOR_LINK: NavEntry = {
  label: 'Operator console',
  icon: 'review',
  to: consolePaths.root.getHref(),
};

export const SETTINGS_SECTIONS: { title: string; entries: NavEntry[] }[] = [
  {
    title: 'Account',
    entries: [
      { label: 'Edit Profile', icon: 'user', to: paths.dashboard.editProfile.getHref() },
      {
        label: 'Withdrawal Accounts',
        icon: 'bank',
        to: paths.dashboard.withdrawalAccounts.getHref(),
      },
      {
        label: 'Automatic Withdrawal',
        icon: 'bank',
        to: paths.dashboard.autoWithdrawal.getHref(),
      },
      // The rates a seller waits for (decision 039): reachable from the menu, not only the tabs.
      { label: 'Rate Alerts', icon: 'bell', to: paths.dashboard.rateAlerts.getHref() },
    ],
  },
  {
    title: 'Security',
    entries: [
      { label: 'Change Password', icon: 'lock', modal: 'changePassword' },
      { label: 'Change PIN', icon: 'pin', modal: 'changePin' },
      // Settings › Security: the authenticator app and recovery codes (decision 061).
      { label: 'Two-step sign-in', icon: 'lock', to: paths.dashboard.security.getHref() },
      // Settings › Verification: the KYC tiers and the NIN (decision 063).
      { label: 'Verification', icon: 'lock', to: paths.dashboard.verification.getHref() },
    ],
  },
  {
    title: 'Others',
    entries: [
      { label: 'Deactivate Account', icon: 'pause', modal: 'deactivate' },
      { label: 'Delete Account', icon: 'trash', modal: 'delete' },
    ],
  },
];
