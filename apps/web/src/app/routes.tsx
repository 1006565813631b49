import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { GuestRoute } from '../components/layouts/guest-route';
import { ProtectedRoute } from '../components/layouts/protected-route';
import { PublicLayout } from '../components/layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { paths } from '../config/paths';
import { AppErrorPage } from '../features/public/components/app-error-page';
import { HomePage } from '../features/public/components/home-page';

/**
 * The route tree of spec §2. Public pages are in the first bundle (they must be fast on a cheap
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
    load().then((module) => ({ Component: module[name] }));

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
const tradeHistory = page(
  () => import('../features/trades/components/trade-history'),
  'TradeHistory',
);
const withdrawalHistory = page(
  () => import('../features/withdrawals/components/withdrawal-history'),
  'WithdrawalHistory',
);
const tradeDetail = page(() => import('../features/trades/components/trade-detail'), 'TradeDetail');
const withdrawalDetail = page(
  () => import('../features/withdrawals/components/withdrawal-detail'),
  'WithdrawalDetail',
);

const dashboardRoutes: RouteObject[] = [
  { index: true, element: redirectTo(paths.dashboard.overview.getHref()) },
  {
    path: 'overview',
    children: [
      { index: true, element: redirectTo(paths.dashboard.recentTransactions.getHref()) },
      {
        path: 'recent-transactions',
        lazy: page(() => import('./pages/overview-page'), 'OverviewPage'),
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
        lazy: tradeDetail,
      },
      {
        path: 'recent-transactions/withdrawal-history/:id',
        lazy: withdrawalDetail,
      },
    ],
  },
  {
    path: 'transaction-history',
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
        lazy: tradeDetail,
      },
      {
        path: 'withdrawal/:id',
        lazy: withdrawalDetail,
      },
    ],
  },
  {
    path: 'trade',
    lazy: page(() => import('../features/trades/components/trade-page'), 'TradePage'),
  },
  {
    path: 'withdraw',
    lazy: page(() => import('../features/withdrawals/components/withdraw-page'), 'WithdrawPage'),
  },
  {
    path: 'verify-bvn',
    lazy: page(() => import('../features/finance/components/verify-bvn-page'), 'VerifyBvnPage'),
  },
  { path: 'rate-calculator', lazy: rateCalculator },
  {
    path: 'faqs',
    lazy: page(
      () => import('../features/public/components/dashboard-faqs-page'),
      'DashboardFaqsPage',
    ),
  },
  {
    path: 'contact-us',
    lazy: page(
      () => import('../features/public/components/dashboard-contact-page'),
      'DashboardContactPage',
    ),
  },
  {
    path: 'settings',
    lazy: page(() => import('../features/account/components/settings-layout'), 'SettingsLayout'),
    children: [
      { index: true, element: redirectTo(paths.dashboard.editProfile.getHref()) },
      { path: 'account', element: redirectTo(paths.dashboard.editProfile.getHref()) },
      {
        path: 'account/edit-profile',
        lazy: page(() => import('../features/account/components/edit-profile'), 'EditProfile'),
      },
      {
        path: 'account/withdrawal-account',
        lazy: page(
          () => import('../features/beneficiaries/components/withdrawal-accounts'),
          'WithdrawalAccounts',
        ),
      },
    ],
  },
];

/** The operator console (DESIGN §1): one lazy chunk; its layout checks the role. */
const consolePage = (name: keyof typeof import('./console-pages')) =>
  page(() => import('./console-pages'), name);
const consoleRoutes: RouteObject[] = [
  // Relative, so the console's addresses (config/console-paths.ts) stay out of the first bundle.
  { index: true, lazy: consolePage('ConsoleOverview') },
  {
    path: 'trades',
    lazy: consolePage('ReviewQueue'),
  },
  {
    path: 'trades/:id',
    lazy: consolePage('ReviewDetail'),
  },
  {
    path: 'withdrawals',
    lazy: consolePage('MoneyDesk'),
  },
  {
    path: 'withdrawals/:id',
    lazy: consolePage('DeskWithdrawalDetail'),
  },
  {
    path: 'users',
    lazy: consolePage('SellerSearch'),
  },
  {
    path: 'users/:id',
    lazy: consolePage('SellerPage'),
  },
  {
    path: 'catalog',
    lazy: consolePage('CatalogDesk'),
  },
  {
    path: 'catalog/:id',
    lazy: consolePage('CatalogCardPage'),
  },
  {
    path: 'rates',
    lazy: consolePage('RateSheetPage'),
  },
  {
    path: 'staff',
    lazy: consolePage('StaffDesk'),
  },
  {
    path: 'reports',
    lazy: consolePage('BooksPage'),
  },
  {
    path: 'audit',
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
          { path: 'home', element: <HomePage /> },
          {
            // Lazy, as the page below: /home carries only its own page (docs/decisions/014).
            path: 'about',
            lazy: page(() => import('../features/public/components/about-page'), 'AboutPage'),
          },
          {
            // Lazy: it asks the API for the support contacts, and RTK Query comes with that.
            path: 'contact',
            lazy: page(() => import('../features/public/components/contact-page'), 'ContactPage'),
          },
          { path: 'rate-calculator', lazy: rateCalculator },
          {
            // Long legal text: loaded when asked for, not with every page.
            path: 'terms_of_use',
            lazy: page(() => import('../features/public/components/terms-page'), 'TermsPage'),
          },
          {
            path: 'privacy_policy',
            lazy: page(() => import('../features/public/components/privacy-page'), 'PrivacyPage'),
          },
          {
            path: '*',
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
          { path: 'login', lazy: authPage.login },
          { path: 'register', lazy: authPage.register },
          { path: 'confirm-account', lazy: authPage.confirm },
          { path: 'reactivate-account', lazy: authPage.reactivate },
          { path: 'forgot-password', lazy: authPage.forgot },
          { path: 'reset-password', lazy: authPage.reset },
          { path: 'accept-invitation', lazy: authPage.acceptInvitation },
        ],
      },
      {
        path: 'dashboard',
        element: <ProtectedRoute />,
        children: [
          {
            lazy: page(() => import('./layouts/dashboard-layout'), 'DashboardLayout'),
            children: dashboardRoutes,
          },
        ],
      },
      {
        path: 'console',
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
