import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { DashboardSkeleton } from '../components/layouts/dashboard-skeleton';
import { GuestRoute } from '../components/layouts/guest-route';
import { ProtectedRoute } from '../components/layouts/protected-route';
import { PublicLayout } from '../components/layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { paths } from '../config/paths';
import { loadChunk } from '../lib/load-chunk';
import { AppErrorPage } from '../features/public/components/app-error-page';
import { HomePage } from '../features/public/components/home-page';

/**
 * The route tree of docs/product.md §2. Public pages are in the first bundle (they must be fast on a cheap
 * phone); guest forms, the rate calculator and the whole dashboard load as separate chunks.
 */
/**
 * A lazy route's loader: the module's page component, named. One helper, so the built route
 * table (in every page's first bundle) spells each of its many loaders in a few bytes.
 */
const page =
  <Module extends Record<Name, ComponentType>, Name extends string>(
    load: () => Promise<Module>,
    name: Name,
  ) =>
  () =>
    loadChunk(load).then((module) => ({ Component: module[name] }));

const redirectTo = (to: string): RouteObject['element'] => <Navigate to={to} replace />;

const authPage = {
  login: page(() => import('../features/auth/components/login-page'), 'LoginPage'),
  register: page(() => import('../features/auth/components/register-page'), 'RegisterPage'),
  confirm: page(
    () => import('../features/auth/components/confirm-account-page'),
    'ConfirmAccountPage',
  ),
  reactivate: page(
    () => import('../features/auth/components/reactivate-account-page'),
    'ReactivateAccountPage',
  ),
  forgot: page(
    () => import('../features/auth/components/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  reset: page(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage'),
  acceptInvitation: page(
    () => import('../features/auth/components/accept-invitation-page'),
    'AcceptInvitationPage',
  ),
};

const rateCalculator = page(
  () => import('../features/rate-calculator/components/rate-calculator-page'),
  'RateCalculatorPage',
);

/**
 * The trade and withdrawal lists and pages, reached from the overview's tabs and from the
 * transaction history: one loader each, so the built route table names their chunks once.
 */
const dashboardLayout = () => import('./layouts/dashboard-layout');
const overviewPage = () => import('./pages/overview-page');
const tradeHistoryModule = () => import('../features/trades/components/trade-history');
const tradeHistory = page(tradeHistoryModule, 'TradeHistory');
const withdrawalHistory = page(
  () => import('../features/withdrawals/components/withdrawal-history'),
  'WithdrawalHistory',
);
const tradeDetail = page(() => import('../features/trades/components/trade-detail'), 'TradeDetail');
const withdrawalDetail = page(
  () => import('../features/withdrawals/components/withdrawal-detail'),
  'WithdrawalDetail',
);

/**
 * Starts fetching the dashboard's layout and its landing page (the overview's trade history)
 * at once, all in parallel, when a seller signs in or their session is being restored (main.tsx),
 * so the dashboard's code is on its way before the router asks for it (decision 043). A module is
 * fetched once, whoever imports it first; a failure here is left to the route to retry and show.
 */
export function preloadDashboard() {
  for (const load of [dashboardLayout, overviewPage, tradeHistoryModule]) {
    load().catch(() => undefined);
  }
}

const dashboardSkeleton = (label: string) => <DashboardSkeleton label={label} />;

const dashboardRoutes: RouteObject[] = [
  { index: true, element: redirectTo(paths.dashboard.overview.getHref()) },
  {
    path: 'overview',
    children: [
      { index: true, element: redirectTo(paths.dashboard.recentTransactions.getHref()) },
      {
        path: 'recent-transactions',
        handle: { title: 'Overview' },
        lazy: page(overviewPage, 'OverviewPage'),
        children: [
          { index: true, element: redirectTo(paths.dashboard.tradeHistory.getHref()) },
          {
            path: 'trade-history',
            lazy: tradeHistory,
          },
          {
            path: 'withdrawal-history',
            lazy: withdrawalHistory,
          },
        ],
      },
      {
        path: 'recent-transactions/trade-history/:id',
        handle: { title: 'Trade details' },
        lazy: tradeDetail,
      },
      {
        path: 'recent-transactions/withdrawal-history/:id',
        handle: { title: 'Withdrawal details' },
        lazy: withdrawalDetail,
      },
    ],
  },
  {
    path: 'transaction-history',
    handle: { title: 'Transaction history' },
    children: [
      {
        lazy: page(
          () => import('../features/dashboard/components/transaction-history-page'),
          'TransactionHistoryPage',
        ),
        children: [
          { index: true, element: redirectTo(paths.dashboard.trades.getHref()) },
          {
            path: 'trades',
            lazy: tradeHistory,
          },
          {
            path: 'withdrawal',
            lazy: withdrawalHistory,
          },
        ],
      },
      {
        path: 'trades/:id',
        handle: { title: 'Trade details' },
        lazy: tradeDetail,
      },
      {
        path: 'withdrawal/:id',
        handle: { title: 'Withdrawal details' },
        lazy: withdrawalDetail,
      },
    ],
  },
  {
    path: 'trade',
    handle: { title: 'Sell a gift card' },
    lazy: page(() => import('../features/trades/components/trade-page'), 'TradePage'),
  },
  {
    path: 'withdraw',
    handle: { title: 'Withdraw' },
    lazy: page(() => import('../features/withdrawals/components/withdraw-page'), 'WithdrawPage'),
  },
  {
    path: 'verify-bvn',
    handle: { title: 'Verify your BVN' },
    lazy: page(() => import('../features/finance/components/verify-bvn-page'), 'VerifyBvnPage'),
  },
  { path: 'rate-calculator', lazy: rateCalculator, handle: { title: 'Rate calculator' } },
  {
    path: 'faqs',
    handle: { title: 'FAQs' },
    lazy: page(
      () => import('../features/public/components/dashboard-faqs-page'),
      'DashboardFaqsPage',
    ),
  },
  {
    path: 'contact-us',
    handle: { title: 'Contact us' },
    lazy: page(
      () => import('../features/public/components/dashboard-contact-page'),
      'DashboardContactPage',
    ),
  },
  {
    path: 'settings',
    handle: { title: 'Settings' },
    lazy: page(() => import('../features/account/components/settings-layout'), 'SettingsLayout'),
    children: [
      { index: true, element: redirectTo(paths.dashboard.editProfile.getHref()) },
      { path: 'account', element: redirectTo(paths.dashboard.editProfile.getHref()) },
      {
        path: 'account/edit-profile',
        handle: { title: 'Edit profile' },
        lazy: page(() => import('../features/account/components/edit-profile'), 'EditProfile'),
      },
      {
        path: 'account/withdrawal-account',
        handle: { title: 'Withdrawal accounts' },
        lazy: page(
          () => import('../features/beneficiaries/components/withdrawal-accounts'),
          'WithdrawalAccounts',
        ),
      },
      {
        path: 'account/automatic-withdrawal',
        handle: { title: 'Automatic withdrawal' },
        lazy: page(
          () => import('../features/withdrawals/components/auto-withdrawal-settings'),
          'AutoWithdrawalSettings',
        ),
      },
      {
        path: 'rate-alerts',
        handle: { title: 'Rate alerts' },
        lazy: page(
          () => import('../features/rate-calculator/components/rate-alerts-page'),
          'RateAlertsPage',
        ),
      },
    ],
  },
];

/** The operator console (docs/ARCHITECTURE.md#the-operator-console): one lazy chunk; its layout checks the role. */
const consolePage = (name: keyof typeof import('./console-pages')) =>
  page(() => import('./console-pages'), name);
const consoleRoutes: RouteObject[] = [
  // Relative, so the console's addresses (config/console-paths.ts) stay out of the first bundle.
  { index: true, lazy: consolePage('ConsoleOverview') },
  {
    path: 'trades',
    handle: { title: 'Trade review' },
    lazy: consolePage('ReviewQueue'),
  },
  {
    path: 'trades/:id',
    handle: { title: 'Trade · Trade review' },
    lazy: consolePage('ReviewDetail'),
  },
  {
    path: 'withdrawals',
    handle: { title: 'Money desk' },
    lazy: consolePage('MoneyDesk'),
  },
  {
    path: 'withdrawals/:id',
    handle: { title: 'Withdrawal · Money desk' },
    lazy: consolePage('DeskWithdrawalDetail'),
  },
  {
    path: 'users',
    handle: { title: 'Sellers' },
    lazy: consolePage('SellerSearch'),
  },
  {
    path: 'users/:id',
    handle: { title: 'Seller · Sellers' },
    lazy: consolePage('SellerPage'),
  },
  {
    path: 'catalog',
    handle: { title: 'Catalog' },
    lazy: consolePage('CatalogDesk'),
  },
  {
    path: 'catalog/:id',
    handle: { title: 'Card · Catalog' },
    lazy: consolePage('CatalogCardPage'),
  },
  {
    path: 'rates',
    handle: { title: 'Rates' },
    lazy: consolePage('RateSheetPage'),
  },
  {
    path: 'staff',
    handle: { title: 'Staff' },
    lazy: consolePage('StaffDesk'),
  },
  {
    path: 'reports',
    handle: { title: 'Books' },
    lazy: consolePage('BooksPage'),
  },
  {
    path: 'audit',
    handle: { title: 'Audit trail' },
    lazy: consolePage('AuditTrail'),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    children: [
      { index: true, element: redirectTo(paths.home.getHref()) },
      {
        element: <PublicLayout />,
        children: [
          { path: 'home', element: <HomePage />, handle: { title: 'Sell gift cards for naira' } },
          {
            // Lazy, as the page below: /home carries only its own page (docs/decisions/014).
            path: 'about',
            handle: { title: 'About us' },
            lazy: page(() => import('../features/public/components/about-page'), 'AboutPage'),
          },
          {
            // Lazy: it asks the API for the support contacts, and RTK Query comes with that.
            path: 'contact',
            handle: { title: 'Contact us' },
            lazy: page(() => import('../features/public/components/contact-page'), 'ContactPage'),
          },
          { path: 'rate-calculator', lazy: rateCalculator, handle: { title: 'Rate calculator' } },
          {
            // Long legal text: loaded when asked for, not with every page.
            path: 'terms_of_use',
            handle: { title: 'Terms of use' },
            lazy: page(() => import('../features/public/components/terms-page'), 'TermsPage'),
          },
          {
            path: 'privacy_policy',
            handle: { title: 'Privacy policy' },
            lazy: page(() => import('../features/public/components/privacy-page'), 'PrivacyPage'),
          },
          {
            path: '*',
            handle: { title: 'Page not found' },
            lazy: page(
              () => import('../features/public/components/not-found-page'),
              'NotFoundPage',
            ),
          },
        ],
      },
      {
        element: <GuestRoute />,
        children: [
          { path: 'login', lazy: authPage.login, handle: { title: 'Log in' } },
          { path: 'register', lazy: authPage.register, handle: { title: 'Create an account' } },
          {
            path: 'confirm-account',
            lazy: authPage.confirm,
            handle: { title: 'Confirm your account' },
          },
          {
            path: 'reactivate-account',
            lazy: authPage.reactivate,
            handle: { title: 'Reactivate your account' },
          },
          { path: 'forgot-password', lazy: authPage.forgot, handle: { title: 'Forgot password' } },
          { path: 'reset-password', lazy: authPage.reset, handle: { title: 'Reset password' } },
          {
            path: 'accept-invitation',
            lazy: authPage.acceptInvitation,
            handle: { title: 'Accept your invitation' },
          },
        ],
      },
      {
        path: 'dashboard',
        element: <ProtectedRoute whileRestoring={dashboardSkeleton} />,
        // Until the dashboard's lazy chunks are in, the root layout (which starts the session
        // restore) and this skeleton render: no blank screen, no restore waiting on code.
        hydrateFallbackElement: (
          <ProtectedRoute whileRestoring={dashboardSkeleton}>
            <DashboardSkeleton label="Loading your dashboard..." />
          </ProtectedRoute>
        ),
        children: [
          {
            lazy: page(dashboardLayout, 'DashboardLayout'),
            children: dashboardRoutes,
          },
        ],
      },
      {
        path: 'console',
        handle: { title: 'Console' },
        element: <ProtectedRoute />,
        children: [
          {
            lazy: consolePage('ConsoleLayout'),
            children: consoleRoutes,
          },
        ],
      },
    ],
  },
];
