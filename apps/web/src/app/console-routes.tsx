import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '../components/layouts/protected-route';
import { page } from './lazy-route';

/** The operator console (docs/ARCHITECTURE.md#the-operator-console): one lazy chunk; its layout checks the role. */
const consolePage = (name: keyof typeof import('./console-pages')) =>
  page(() => import('./console-pages'), name);
const consolePages: RouteObject[] = [
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
    lazy: consolePage('ReviewDetailWithConversation'),
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
    path: 'kyc',
    handle: { title: 'KYC desk' },
    lazy: consolePage('KycQueue'),
  },
  {
    path: 'kyc/:id',
    handle: { title: 'Documents · KYC desk' },
    lazy: consolePage('KycReviewPage'),
  },
  {
    path: 'support',
    handle: { title: 'Support desk' },
    lazy: consolePage('SupportDesk'),
  },
  {
    path: 'support/:id',
    handle: { title: 'Conversation · Support desk' },
    lazy: consolePage('DeskConversationPage'),
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
  {
    path: 'security',
    handle: { title: 'Security' },
    lazy: consolePage('ConsoleSecurityPage'),
  },
];

/** The operator console: signed in, one lazy chunk; its layout checks the role. */
export const consoleRoute: RouteObject = {
  path: 'console',
  handle: { title: 'Console' },
  element: <ProtectedRoute />,
  children: [
    {
      lazy: consolePage('ConsoleLayout'),
      children: consolePages,
    },
  ],
};
