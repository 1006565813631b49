/**
 * Every route of spec §2, in one place. Links use `paths.x.getHref()`, never a hand-built
 * string, so a route can move without a hunt.
 */
const dashboard = '/dashboard';
const overview = `${dashboard}/overview/recent-transactions`;
const history = `${dashboard}/transaction-history`;
const settings = `${dashboard}/settings`;
const consoleTrades = '/console/trades';

const fixed = (path: string) => ({ path, getHref: () => path });

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

  dashboard: {
    root: fixed(dashboard),
    overview: fixed(`${dashboard}/overview`),
    recentTransactions: fixed(overview),
    tradeHistory: fixed(`${overview}/trade-history`),
    tradeDetail: {
      path: `${overview}/trade-history/:id`,
      getHref: (id: string) => `${overview}/trade-history/${encodeURIComponent(id)}`,
    },
    withdrawalHistory: fixed(`${overview}/withdrawal-history`),
    withdrawalDetail: {
      path: `${overview}/withdrawal-history/:id`,
      getHref: (id: string) => `${overview}/withdrawal-history/${encodeURIComponent(id)}`,
    },
    transactionHistory: fixed(history),
    trades: fixed(`${history}/trades`),
    tradeTransaction: {
      path: `${history}/trades/:id`,
      getHref: (id: string) => `${history}/trades/${encodeURIComponent(id)}`,
    },
    withdrawals: fixed(`${history}/withdrawal`),
    withdrawalTransaction: {
      path: `${history}/withdrawal/:id`,
      getHref: (id: string) => `${history}/withdrawal/${encodeURIComponent(id)}`,
    },
    trade: fixed(`${dashboard}/trade`),
    withdraw: fixed(`${dashboard}/withdraw`),
    verifyBvn: fixed(`${dashboard}/verify-bvn`),
    rateCalculator: fixed(`${dashboard}/rate-calculator`),
    faqs: fixed(`${dashboard}/faqs`),
    contactUs: fixed(`${dashboard}/contact-us`),
    settings: fixed(settings),
    editProfile: fixed(`${settings}/account/edit-profile`),
    withdrawalAccounts: fixed(`${settings}/account/withdrawal-account`),
  },

  /** The operator console (DESIGN §1): trade review, for operators and admins only. */
  console: {
    root: fixed('/console'),
    trades: {
      path: consoleTrades,
      /** No status is the pending queue; `all` lists every status. */
      getHref: (status?: string, page = 1) => {
        const query = new URLSearchParams();
        if (status) query.set('status', status);
        if (page > 1) query.set('page', String(page));
        const text = query.toString();
        return text ? `${consoleTrades}?${text}` : consoleTrades;
      },
    },
    trade: {
      path: `${consoleTrades}/:id`,
      getHref: (id: string) => `${consoleTrades}/${encodeURIComponent(id)}`,
    },
  },
} as const;
