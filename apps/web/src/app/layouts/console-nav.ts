import type { User } from '@karta/shared/schemas/users';
import { consolePaths } from '../../config/console-paths';

interface ConsoleNavEntry {
  label: string;
  to: string;
  /** Active only on this exact address: the overview's address begins every other desk's. */
  end?: boolean;
  /** Who sees the link; everyone who may open the console when left out. */
  roles?: readonly User['role'][];
}

const ADMINS_ONLY = ['admin'] as const;

/** The console's desks, in the header's order. */
const CONSOLE_LINKS: readonly ConsoleNavEntry[] = [
  { label: 'Overview', to: consolePaths.root.getHref(), end: true },
  { label: 'Trade review', to: consolePaths.trades.getHref() },
  { label: 'Money desk', to: consolePaths.withdrawals.getHref() },
  { label: 'Sellers', to: consolePaths.sellers.getHref() },
  { label: 'KYC', to: consolePaths.kyc.getHref() },
  { label: 'Support', to: consolePaths.support.getHref() },
  { label: 'Rates', to: consolePaths.rates.getHref() },
  { label: 'Catalog', to: consolePaths.catalog.getHref() },
  // An operator sees no staff desk (decision 027); the API refuses them too.
  { label: 'Staff', to: consolePaths.staff.getHref(), roles: ADMINS_ONLY },
  // The books show the business's money as a whole (decision 026).
  { label: 'Books', to: consolePaths.reports.getHref(), roles: ADMINS_ONLY },
  // The trail is how admins oversee the desks (decision 028).
  { label: 'Audit trail', to: consolePaths.audit.getHref(), roles: ADMINS_ONLY },
  // Each staff member's own two-step sign-in, which the console may require (decision 061).
  { label: 'Security', to: consolePaths.security.getHref() },
];

/** The links this role sees. */
export const consoleLinksFor = (role: User['role'] | undefined) =>
  CONSOLE_LINKS.filter((link) => !link.roles || (role !== undefined && link.roles.includes(role)));
