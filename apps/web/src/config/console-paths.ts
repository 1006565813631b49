import { byId, fixed } from './paths';

const consoleTrades = '/console/trades';
const consoleSellers = '/console/users';
const consoleWithdrawals = '/console/withdrawals';
const consoleCatalog = '/console/catalog';
const consoleAudit = '/console/audit';
const consoleKyc = '/console/kyc';
const consoleSupport = '/console/support';

/** A console list's address with its filters; empty ones and page 1 are left out. */
const withQuery = (list: string, query: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value && !(key === 'page' && value === 1)) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${list}?${text}` : list;
};

/**
 * The operator console's addresses (docs/ARCHITECTURE.md#the-operator-console), apart from `paths` so that only the console and
 * the dashboard's link to it carry them, not the public pages' first bundle.
 */
export const consolePaths = {
  root: fixed('/console'),
  trades: {
    path: consoleTrades,
    /** No status is the pending queue; `all` lists every status. */
    getHref: (status?: string, page = 1) => withQuery(consoleTrades, { status, page }),
  },
  trade: byId(consoleTrades),
  /** The sellers desk: a search by e-mail, phone, name or referral code, 20 a page. */
  sellers: {
    path: consoleSellers,
    getHref: (options: { q?: string; page?: number } = {}) => withQuery(consoleSellers, options),
  },
  seller: byId(consoleSellers),
  /** The money desk: every status (no status), one status, and a search, newest first. */
  withdrawals: {
    path: consoleWithdrawals,
    getHref: (options: { status?: string; q?: string; page?: number } = {}) =>
      withQuery(consoleWithdrawals, options),
  },
  withdrawal: byId(consoleWithdrawals),
  /** The catalog desk: every card, active or not; each card's page holds its subcategories. */
  catalog: {
    path: consoleCatalog,
    getHref: (page = 1) => withQuery(consoleCatalog, { page }),
  },
  catalogCard: byId(consoleCatalog),
  /** The KYC desk (decision 066): tier 3's documents, waiting ones oldest first. */
  kyc: {
    path: consoleKyc,
    getHref: (options: { status?: string; page?: number } = {}) => withQuery(consoleKyc, options),
  },
  kycSubmission: byId(consoleKyc),
  /** The support desk (decision 070): conversations with sellers, the longest waiting first. */
  support: {
    path: consoleSupport,
    getHref: (options: { status?: string; page?: number } = {}) =>
      withQuery(consoleSupport, options),
  },
  supportConversation: byId(consoleSupport),
  /** The rate sheet: every subcategory's rate, edited in a draft and published at once. */
  rates: fixed('/console/rates'),
  /** Staff and roles: admins only (decision 027). */
  staff: fixed('/console/staff'),
  /** The staff member's own two-step sign-in (decision 061): always open, even when the rule refuses the desks. */
  security: fixed('/console/security'),
  /** The books per Lagos day: admins only (decision 026). */
  reports: fixed('/console/reports'),
  /** The audit trail: admins only; its filters live in the address so a view can be shared. */
  audit: {
    path: consoleAudit,
    getHref: (query: Record<string, string | number | undefined> = {}) =>
      withQuery(consoleAudit, query),
  },
} as const;
