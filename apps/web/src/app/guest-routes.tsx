import type { RouteObject } from 'react-router';
import { GuestRoute } from '../components/layouts/guest-route';
import { page } from './lazy-route';

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

/** The guest forms: each a lazy chunk; a signed-in user goes back where they came from. */
export const guestRoutes: RouteObject = {
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
};
