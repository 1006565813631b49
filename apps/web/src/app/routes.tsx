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
const redirectTo = (to: string): RouteObject['element'] => <Navigate to={to} replace />;

const authPage = {
  login: () =>
    import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
  register: () =>
    import('../features/auth/components/register-page').then((m) => ({
      Component: m.RegisterPage,
    })),
  confirm: () =>
    import('../features/auth/components/confirm-account-page').then((m) => ({
      Component: m.ConfirmAccountPage,
    })),
  reactivate: () =>
    import('../features/auth/components/reactivate-account-page').then((m) => ({
      Component: m.ReactivateAccountPage,
    })),
  forgot: () =>
    import('../features/auth/components/forgot-password-page').then((m) => ({
      Component: m.ForgotPasswordPage,
    })),
  reset: () =>
    import('../features/auth/components/reset-password-page').then((m) => ({
      Component: m.ResetPasswordPage,
    })),
};

const rateCalculator = () =>
  import('../features/rate-calculator/components/rate-calculator-page').then((m) => ({
    Component: m.RateCalculatorPage,
  }));

/**
 * The trade and withdrawal lists and pages, reached from the overview's tabs and from the
 * transaction history: one loader each, so the built route table names their chunks once.
 */
const tradeHistory = () =>
  import('../features/trades/components/trade-history').then((m) => ({
    Component: m.TradeHistory,
  }));
const withdrawalHistory = () =>
  import('../features/withdrawals/components/withdrawal-history').then((m) => ({
    Component: m.WithdrawalHistory,
  }));
const tradeDetail = () =>
  import('../features/trades/components/trade-detail').then((m) => ({
    Component: m.TradeDetail,
  }));
const withdrawalDetail = () =>
  import('../features/withdrawals/components/withdrawal-detail').then((m) => ({
    Component: m.WithdrawalDetail,
  }));

const dashboardRoutes: RouteObject[] = [
  { index: true, element: redirectTo(paths.dashboard.overview.getHref()) },
  {
    path: 'overview',
    children: [
      { index: true, element: redirectTo(paths.dashboard.recentTransactions.getHref()) },
      {
        path: 'recent-transactions',
        lazy: () =>
          import('./pages/overview-page').then((m) => ({
            Component: m.OverviewPage,
          })),
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
        lazy: () =>
          import('../features/dashboard/components/transaction-history-page').then((m) => ({
            Component: m.TransactionHistoryPage,
          })),
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
    lazy: () =>
      import('../features/trades/components/trade-page').then((m) => ({
        Component: m.TradePage,
      })),
  },
  {
    path: 'withdraw',
    lazy: () =>
      import('../features/withdrawals/components/withdraw-page').then((m) => ({
        Component: m.WithdrawPage,
      })),
  },
  {
    path: 'verify-bvn',
    lazy: () =>
      import('../features/finance/components/verify-bvn-page').then((m) => ({
        Component: m.VerifyBvnPage,
      })),
  },
  { path: 'rate-calculator', lazy: rateCalculator },
  {
    path: 'faqs',
    lazy: () =>
      import('../features/public/components/dashboard-faqs-page').then((m) => ({
        Component: m.DashboardFaqsPage,
      })),
  },
  {
    path: 'contact-us',
    lazy: () =>
      import('../features/public/components/dashboard-contact-page').then((m) => ({
        Component: m.DashboardContactPage,
      })),
  },
  {
    path: 'settings',
    lazy: () =>
      import('../features/account/components/settings-layout').then((m) => ({
        Component: m.SettingsLayout,
      })),
    children: [
      { index: true, element: redirectTo(paths.dashboard.editProfile.getHref()) },
      { path: 'account', element: redirectTo(paths.dashboard.editProfile.getHref()) },
      {
        path: 'account/edit-profile',
        lazy: () =>
          import('../features/account/components/edit-profile').then((m) => ({
            Component: m.EditProfile,
          })),
      },
      {
        path: 'account/withdrawal-account',
        lazy: () =>
          import('../features/beneficiaries/components/withdrawal-accounts').then((m) => ({
            Component: m.WithdrawalAccounts,
          })),
      },
    ],
  },
];

/** The operator console (DESIGN §1): one lazy chunk; its layout checks the role. */
const consolePage = (name: keyof typeof import('./console-pages')) => () =>
  import('./console-pages').then((m) => ({ Component: m[name] }));
const consoleRoutes: RouteObject[] = [
  // Relative, so the console's addresses (config/console-paths.ts) stay out of the first bundle.
  { index: true, element: redirectTo('trades') },
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
            lazy: () =>
              import('../features/public/components/about-page').then((m) => ({
                Component: m.AboutPage,
              })),
          },
          {
            // Lazy: it asks the API for the support contacts, and RTK Query comes with that.
            path: 'contact',
            lazy: () =>
              import('../features/public/components/contact-page').then((m) => ({
                Component: m.ContactPage,
              })),
          },
          { path: 'rate-calculator', lazy: rateCalculator },
          {
            // Long legal text: loaded when asked for, not with every page.
            path: 'terms_of_use',
            lazy: () =>
              import('../features/public/components/terms-page').then((m) => ({
                Component: m.TermsPage,
              })),
          },
          {
            path: 'privacy_policy',
            lazy: () =>
              import('../features/public/components/privacy-page').then((m) => ({
                Component: m.PrivacyPage,
              })),
          },
          {
            path: '*',
            lazy: () =>
              import('../features/public/components/not-found-page').then((m) => ({
                Component: m.NotFoundPage,
              })),
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
        ],
      },
      {
        path: 'dashboard',
        element: <ProtectedRoute />,
        children: [
          {
            lazy: () =>
              import('./layouts/dashboard-layout').then((m) => ({
                Component: m.DashboardLayout,
              })),
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
