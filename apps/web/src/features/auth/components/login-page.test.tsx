import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import { USER_ID_STORAGE_KEY } from '@karta/shared/constants';
import { storeUserId } from '../../../lib/user-id-storage';
import { renderApp, signedInState, signedOutState } from '../../../testing/render';
import { api, failure, makeToken, server, testUser } from '../../../testing/server';
import { PENDING_SIGN_OUT_KEY } from '../../../lib/session/device-keys';
import { finishPendingSignOut } from '../../../lib/session/pending-sign-out';

const PASSWORD = 'Sunshine#2026';

/** Answers the sign-in (after `gate`, when given) and the dashboard's first list. */
function answerLogin(
  options: { onBody?: (body: unknown) => void; gate?: Promise<void>; user?: typeof testUser } = {},
) {
  server.use(
    http.post(api('/auth/login'), async ({ request }) => {
      options.onBody?.(await request.json());
      await options.gate;
      return HttpResponse.json({
        status: 'success',
        message: 'Welcome back, Amaka.',
        token: makeToken(),
        data: options.user ?? testUser,
      });
    }),
    http.get(api('/trade/fetch_trade/:userId'), () =>
      HttpResponse.json({
        status: 'success',
        message: 'OK',
        data: { data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } },
      }),
    ),
  );
}

async function signIn(user: ReturnType<typeof renderApp>['user'], password = PASSWORD) {
  await user.type(screen.getByLabelText('Email'), testUser.email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage (docs/product.md §2, §4, §5)', () => {
  it('shows the spec texts: title, links and the plain privacy policy text', async () => {
    renderApp('/login', { preloadedState: signedOutState() });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByText('Privacy policy')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Privacy policy' })).not.toBeInTheDocument();
  });

  it('shows the required, invalid and minimum-length messages', async () => {
    const { user } = renderApp('/login', { preloadedState: signedOutState() });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.EMAIL_REQUIRED)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_REQUIRED)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'amaka@');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.EMAIL_INVALID)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_MIN)).toBeInTheDocument();
  });

  it('takes staff to the console, not the seller dashboard, when no page sent them', async () => {
    answerLogin({ user: { ...testUser, role: 'operator' } });
    const { user, router } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/console/);
    });
  });

  it('sends device web, says Loading... while waiting, then opens the dashboard', async () => {
    let sent: unknown;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    answerLogin({
      onBody: (body) => {
        sent = body;
      },
      gate,
    });
    const { user, router, store } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Welcome back, Amaka.')).toBeInTheDocument();
    expect(sent).toEqual({ email: testUser.email, password: PASSWORD, device: 'web' });
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
    expect(localStorage.getItem(USER_ID_STORAGE_KEY)).toBe(testUser.id);
    expect(store.getState().auth.user).toEqual(testUser);
  });

  it('returns to the page the user was sent away from', async () => {
    answerLogin();
    const { user, router } = renderApp('/dashboard/faqs', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/faqs');
    });
  });

  it.each([MESSAGES.ACCOUNT_DEACTIVATED, 'USER ACCOUNT DEACTIVATED.'])(
    'sends a deactivated account (%s) to reactivation',
    async (message) => {
      server.use(http.post(api('/auth/login'), () => failure(400, message)));
      const { user, router } = renderApp('/login', { preloadedState: signedOutState() });
      await screen.findByRole('heading', { name: 'Welcome Back' });
      await signIn(user);
      await waitFor(() => {
        expect(router.state.location.pathname).toBe('/reactivate-account');
      });
      expect(await screen.findByLabelText('Email')).toHaveValue(testUser.email);
    },
  );

  it('asks a deactivated seller for the password once: reactivation and sign-in have it', async () => {
    server.use(
      http.post(api('/auth/login'), () => failure(400, MESSAGES.ACCOUNT_DEACTIVATED), {
        once: true,
      }),
    );
    const reactivated: unknown[] = [];
    server.use(
      http.post(api('/user/reactivate_account'), async ({ request }) => {
        reactivated.push(await request.json());
        return HttpResponse.json({
          status: 'success',
          message: 'Your account is active again.',
          data: testUser,
        });
      }),
    );
    const { user, router } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    await screen.findByRole('heading', { name: 'Reactivate Your Account' });
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reactivate Account' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(reactivated).toEqual([{ email: testUser.email, password: PASSWORD }]);

    const sent: unknown[] = [];
    answerLogin({ onBody: (body) => sent.push(body) });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
    expect(sent).toEqual([{ email: testUser.email, password: PASSWORD, device: 'web' }]);
  });

  it('stays on the page after a wrong password, said under the password where it lasts', async () => {
    server.use(
      http.post(api('/auth/login'), () => failure(401, 'Email or password is incorrect.')),
    );
    const { user, router } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    await waitFor(() => {
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Email or password is incorrect.',
      );
    });
    // Said once, in place: not in a toast that vanishes after three seconds as well.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Email or password is incorrect.')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says a refusal with no field (a suspension) in the box above the form', async () => {
    const suspended = 'This account is suspended. Please contact support at help@karta.ng.';
    server.use(http.post(api('/auth/login'), () => failure(400, suspended)));
    const { user } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    const form = screen.getByRole('button', { name: 'Sign In' }).closest('form');
    await waitFor(() => {
      expect(form).toHaveTextContent(suspended);
    });
  });

  it('says on /login why a suspended seller was signed out (the refresh says so)', async () => {
    const suspended = 'This account is suspended. Please contact support at help@karta.ng.';
    const ended = () =>
      HttpResponse.json(
        {
          status: 'error',
          message: 'Session expired. log in to continue',
          errors: [{ field: null, message: 'Session expired. log in to continue' }],
        },
        { status: 403 },
      );
    server.use(
      http.get(api('/trade/fetch_trade/:userId'), ended),
      http.get(api('/transaction/wallet/:userId'), ended),
      http.post(api('/user/refresh_token/:userId'), () =>
        HttpResponse.json(
          {
            status: 'error',
            code: 'ACCOUNT_SUSPENDED',
            message: suspended,
            errors: [{ field: null, message: suspended }],
          },
          { status: 403 },
        ),
      ),
    );
    storeUserId(testUser.id);
    const { router } = renderApp('/dashboard', { preloadedState: signedInState() });
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login');
      },
      { timeout: 5000 },
    );
    const form = (await screen.findByRole('button', { name: 'Sign In' })).closest('form');
    expect(form).toHaveTextContent(suspended);
  });

  it('shows the "Welcome back" toast below the header, not over it', async () => {
    answerLogin();
    const { user } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    const toast = await screen.findByText('Welcome back, Amaka.');
    const container = toast.closest<HTMLElement>('.Toastify__toast-container');
    // The headers are 4rem tall and sticky (site-header, dashboard-header); the library's own
    // top is 16px, and 0 on a phone.
    expect(container?.style.top).toContain('4.5rem');
  });

  it('takes an unconfirmed account to the code step with its credentials kept', async () => {
    server.use(
      http.post(api('/auth/login'), () =>
        failure(
          400,
          'Please confirm your email first. We have sent a 6-digit code to your inbox.',
          'email',
        ),
      ),
    );
    const { user, router, store } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/confirm-account');
    });
    expect(store.getState().auth.verifyData).toEqual({
      email: testUser.email,
      password: PASSWORD,
    });
  });

  it('a sign-out made offline reaches the server before the sign-in, never after it', async () => {
    localStorage.setItem(PENDING_SIGN_OUT_KEY, testUser.id);
    const order: string[] = [];
    answerLogin({ onBody: () => order.push('login') });
    server.use(
      http.post(api('/user/refresh_token/:userId'), () => {
        order.push('refresh');
        return HttpResponse.json({
          status: 'success',
          message: 'Session refreshed',
          token: makeToken(),
          data: testUser,
        });
      }),
      http.post(api('/auth/signout'), () => {
        order.push('signout');
        return HttpResponse.json({ status: 'success', message: 'Signed out', data: null });
      }),
    );
    const { user, store } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    await waitFor(() => {
      expect(store.getState().auth.token).toBeTruthy();
    });
    expect(order).toEqual(['refresh', 'signout', 'login']);
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBeNull();
  });

  it('a sign-out still unsent at sign-in is void: it can never end the new session', async () => {
    localStorage.setItem(PENDING_SIGN_OUT_KEY, testUser.id);
    let signOuts = 0;
    answerLogin();
    server.use(
      http.post(api('/user/refresh_token/:userId'), () => HttpResponse.error()),
      http.post(api('/auth/signout'), () => {
        signOuts += 1;
        return HttpResponse.json({ status: 'success', message: 'Signed out', data: null });
      }),
    );
    // Waiting for the network since the sign-out, as the app that made it does.
    finishPendingSignOut();
    const { user, store } = renderApp('/login', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await signIn(user);
    await waitFor(() => {
      expect(store.getState().auth.token).toBeTruthy();
    });
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBeNull();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signOuts).toBe(0);
  });
});
