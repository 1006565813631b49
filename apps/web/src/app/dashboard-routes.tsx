import type { RouteObject } from 'react-router';
import { DashboardSkeleton } from '../components/layouts/dashboard-skeleton';
import { ProtectedRoute } from '../components/layouts/protected-route';
import { paths } from '../config/paths';
import { page, redirectTo } from './lazy-route';
import { rateCalculator } from './public-routes';

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
// The trade's page with its conversation with the Karta team beside it (app/ composes the two).
const tradeDetail = page(() => import('./pages/trade-detail-page'), 'TradeDetailPage');
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

const dashboardPages: RouteObject[] = [
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
    path: 'messages',
    handle: { title: 'Messages' },
    lazy: page(() => import('../features/support/components/support-inbox'), 'SupportInbox'),
  },
  {
    path: 'messages/:id',
    handle: { title: 'Conversation · Messages' },
    lazy: page(
      () => import('../features/support/components/conversation-page'),
      'ConversationPage',
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
      {
        path: 'security',
        handle: { title: 'Security' },
        lazy: page(() => import('../features/two-factor/components/security-page'), 'SecurityPage'),
      },
      {
        path: 'verification',
        handle: { title: 'Verification' },
        lazy: page(
          () => import('../features/verification/components/verification-page'),
          'VerificationPage',
        ),
      },
      {
        path: 'verification/documents',
        handle: { title: 'Documents · Verification' },
        lazy: page(
          () => import('../features/kyc-documents/components/kyc-documents-page'),
          'KycDocumentsPage',
        ),
      },
    ],
  },
];

/** The seller's dashboard: signed in only, its layout and every page lazy. */
export const dashboardRoute: RouteObject = {
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
      children: dashboardPages,
    },
  ],
};
