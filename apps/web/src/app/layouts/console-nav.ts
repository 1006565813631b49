import type { User } from '@karta/shared/schemas/users';
import { consolePaths } from '../../config/console-paths';

interface ConsoleNavEntry {
  label: string;
  to: string;
  /** Active only on this exact address: the overview's address begins every other desk's. */
  end?: boolean;
  /** Who sees the link; everyone who may open the console when left out. */
  roles?: readonly User['role'][];
  /**
   * `account`: the staff member's own page, listed with Dashboard and Sign out in the account
   * menu rather than among the desks (the header's row keeps its room for desks, decision 071).
   */
  group?: 'account';
}

const ADMINS_ONLY = ['admin'] as const;

/**
 * The console's desks, in the header's and the menu's order: one more desk is one more entry
 * here (the header fits one more at 1280 px for an admin, decision 071).
 */
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
  { label: 'Security', to: consolePaths.security.getHref(), group: 'account' },
];

/** The links this role sees. */
export const consoleLinksFor = (role: User['role'] | undefined) =>
  CONSOLE_LINKS.filter((link) => !link.roles || (role !== undefined && link.roles.includes(role)));

/** The desks this role sees, or its own pages for the account menu. */
export const consoleLinksIn = (role: User['role'] | undefined, group: 'desks' | 'account') =>
  consoleLinksFor(role).filter((link) => (link.group ?? 'desks') === group);

/** The desk an address belongs to, for the small screen's header: its link's own test. */
export const currentDeskOf = (links: readonly ConsoleNavEntry[], pathname: string) =>
  links.find((link) =>
    link.end ? pathname === link.to : pathname === link.to || pathname.startsWith(`${link.to}/`),
  );
