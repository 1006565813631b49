import {
  kycDocumentsHref,
  supportInboxHref,
  overviewHref,
  recordHref,
  recordLists,
  verificationHref,
} from '@karta/shared/web-paths';

/**
 * Every route of docs/product.md §2, in one place. Links use `paths.x.getHref()`, never a hand-built
 * string, so a route can move without a hunt.
 */
const dashboard = '/dashboard';
const overview = `${dashboard}/overview/recent-transactions`;
const history = `${dashboard}/transaction-history`;
const settings = `${dashboard}/settings`;

export const fixed = (path: string) => ({ path, getHref: () => path });

/** One record under a list's address (`…/:id`). */
export const byId = (list: string) => ({
  path: `${list}/:id`,
  getHref: (id: string) => recordHref(list, id),
});

export const paths = {
  root: fixed('/'),
  home: fixed('/home'),
  about: fixed('/about'),
  contact: fixed('/contact'),
  rateCalculator: fixed('/rate-calculator'),
  terms: {
    path: '/terms_of_use',
    getHref: (anchor?: string) => `/terms_of_use${anchor ? `#${anchor}` : ''}`,
  },
  privacy: fixed('/privacy_policy'),

  login: fixed('/login'),
  register: {
    path: '/register',
    getHref: (code?: string) => (code ? `/register?code=${encodeURIComponent(code)}` : '/register'),
  },
  confirmAccount: fixed('/confirm-account'),
  reactivateAccount: fixed('/reactivate-account'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: fixed('/reset-password'),
  /** A staff invitation's link: `#email=` after it (decision 027). */
  acceptInvitation: fixed('/accept-invitation'),

  dashboard: {
    root: fixed(dashboard),
    overview: fixed(overviewHref()),
    recentTransactions: fixed(overview),
    tradeHistory: fixed(`${overview}/trade-history`),
    tradeDetail: byId(`${overview}/trade-history`),
    withdrawalHistory: fixed(`${overview}/withdrawal-history`),
    withdrawalDetail: byId(`${overview}/withdrawal-history`),
    transactionHistory: fixed(history),
    trades: fixed(recordLists.trades),
    tradeTransaction: byId(recordLists.trades),
    withdrawals: fixed(recordLists.withdrawals),
    withdrawalTransaction: byId(recordLists.withdrawals),
    trade: fixed(`${dashboard}/trade`),
    withdraw: fixed(`${dashboard}/withdraw`),
    verifyBvn: fixed(`${dashboard}/verify-bvn`),
    rateCalculator: fixed(`${dashboard}/rate-calculator`),
    faqs: fixed(`${dashboard}/faqs`),
    contactUs: fixed(`${dashboard}/contact-us`),
    /** Messages with the Karta team (decision 070): the notices and mails link here. */
    messages: fixed(supportInboxHref()),
    conversation: byId(supportInboxHref()),
    settings: fixed(settings),
    editProfile: fixed(`${settings}/account/edit-profile`),
    withdrawalAccounts: fixed(`${settings}/account/withdrawal-account`),
    /** Automatic withdrawal (decision 038): the API's notices link here by this address. */
    autoWithdrawal: fixed(`${settings}/account/automatic-withdrawal`),
    rateAlerts: fixed(`${settings}/rate-alerts`),
    /** Two-step sign-in (decision 061). */
    security: fixed(`${settings}/security`),
    /** KYC tiers and the NIN (decision 063): the API's tier-1 mail links here by this address. */
    verification: fixed(verificationHref()),
    /** Tier 3's documents (decision 066): the rejection notice and mail link here. */
    kycDocuments: fixed(kycDocumentsHref()),
  },
} as const;
