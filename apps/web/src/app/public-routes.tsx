import type { RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { HomePage } from '../features/public/components/home-page';
import { page } from './lazy-route';

/** The rate calculator, on the public site and in the dashboard: one loader for both. */
export const rateCalculator = page(
  () => import('../features/rate-calculator/components/rate-calculator-page'),
  'RateCalculatorPage',
);

/** The public site (docs/product.md §2): in the first bundle, the long or API-backed pages lazy. */
export const publicRoutes: RouteObject = {
  element: <PublicLayout />,
  children: [
    { path: 'home', element: <HomePage />, handle: { title: 'Sell gift cards for naira' } },
    {
      // Lazy, as the page below: /home carries only its own page (docs/decisions/014-react-runtime.md).
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
      lazy: page(() => import('../features/public/components/not-found-page'), 'NotFoundPage'),
    },
  ],
};
