import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { catchDownloads } from '../../../testing/catch-downloads';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import {
  STAFF_TWO_FACTOR_LINE,
  twoFactorRequiredStore,
} from '../../../lib/session/two-factor-required';
import { RECOVERY_FILE_NAME } from './recovery-codes';

const PASSWORD = 'Sunshine#2026';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `k7m2p-x9q${String(i)}r`);
const TIMEOUT = { timeout: 5000 };
/** Markup from the API that would run if it were put into the page's HTML. */
const QR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41"><script>window.ran=1</script><rect width="41" height="41"/></svg>';

afterEach(() => {
  twoFactorRequiredStore.clear();
});

/** The API's two-step side for one account: its status moves with the calls the page makes. */
function serveTwoFactor(initial: { totp: boolean; recovery_codes_left: number }) {
  const state = { ...initial };
  const bodies: { path: string; body: unknown }[] = [];
  const note = async (path: string, request: Request) => {
    const body: unknown = await request.json();
    bodies.push({ path, body });
    return body;
  };
  server.use(
    http.get(api('/auth/current_user'), () =>
      success({ ...testUser, two_factor: { ...state, passkeys: 0 } }),
    ),
    http.post(api('/user/two_factor/totp/setup/:userId'), async ({ request }) => {
      await note('setup', request);
      return success(
        { secret: SECRET, otpauth_url: `otpauth://totp/Karta?secret=${SECRET}`, qr_svg: QR_SVG },
        'Scan the QR code with your authenticator app, then enter the code it shows.',
      );
    }),
    http.post(api('/user/two_factor/totp/enable/:userId'), async ({ request }) => {
      const { code } = (await note('enable', request)) as { code: string };
      if (code !== '492039') {
        return failure(401, 'That code is not right. Enter the code your app shows now.', 'code');
      }
      Object.assign(state, { totp: true, recovery_codes_left: 10 });
      return success({ recovery_codes: CODES }, 'Two-step sign-in is on.');
    }),
    http.post(api('/user/two_factor/disable/:userId'), async ({ request }) => {
      await note('disable', request);
      Object.assign(state, { totp: false, recovery_codes_left: 0 });
      return success(null, 'Two-step sign-in is off.');
    }),
  );
  return bodies;
}

describe('Settings › Security (decision 061)', () => {
  it('turns two-step sign-in on: password, QR as an image and the key, a code, then the recovery codes once', async () => {
    const bodies = serveTwoFactor({ totp: false, recovery_codes_left: 0 });
    const saved = catchDownloads();
    const { user } = renderApp('/dashboard/settings/security', { preloadedState: signedInState() });
    await user.click(
      await screen.findByRole('button', { name: 'Turn on two-step sign-in' }, TIMEOUT),
    );
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain(QR_SVG);
    // Never in the page's own markup: an <img> runs no script.
    expect(document.querySelector('svg script')).toBeNull();
    expect(document.body.innerHTML).not.toContain('<script>window.ran');
    expect(screen.getByLabelText('Setup key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    const code = screen.getByLabelText('Enter the 6-digit code from your authenticator app');
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('That code is not right. Enter the code your app shows now.'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '492039');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(saved.map((file) => file.name)).toEqual([RECOVERY_FILE_NAME]);
    const text = await saved[0]?.blob.text();
    for (const each of CODES) expect(text).toContain(each);
    expect(screen.getByRole('button', { name: 'Copy recovery codes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText(/Recovery codes left/)).toHaveTextContent(
      'Recovery codes left: 10 of 10',
    );
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { path: 'setup', body: { password: PASSWORD } },
      { path: 'enable', body: { code: '111111' } },
      { path: 'enable', body: { code: '492039' } },
    ]);
  });

  it('turns it off with the password and a recovery code', async () => {
    const bodies = serveTwoFactor({ totp: true, recovery_codes_left: 7 });
    const { user } = renderApp('/dashboard/settings/security', { preloadedState: signedInState() });
    expect(await screen.findByText(/Recovery codes left/, {}, TIMEOUT)).toHaveTextContent(
      'Recovery codes left: 7 of 10',
    );
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(
      screen.getByLabelText('Code from your authenticator app, or a recovery code'),
      'k7m2p-x9q4r',
    );
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByRole('button', { name: 'Turn on two-step sign-in' }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([
      { path: 'disable', body: { password: PASSWORD, code: 'k7m2p-x9q4r' } },
    ]);
  });

  it('is one of the Settings tabs', async () => {
    serveTwoFactor({ totp: false, recovery_codes_left: 0 });
    renderApp('/dashboard/settings/security', { preloadedState: signedInState() });
    const tab = await screen.findByRole('link', { name: 'Security' }, TIMEOUT);
    expect(tab).toHaveAttribute('href', '/dashboard/settings/security');
  });
});

describe('the console under STAFF_TWO_FACTOR=required (decision 061)', () => {
  it('leads staff to Security with the team line, without refreshing the session or saying it expired', async () => {
    serveTwoFactor({ totp: false, recovery_codes_left: 0 });
    let refreshes = 0;
    server.use(
      http.get(api('/admin/*'), () =>
        HttpResponse.json(
          {
            status: 'error',
            message:
              'Turn on two-step sign-in for your account (Settings › Security) before using the console.',
            errors: [
              {
                field: null,
                message:
                  'Turn on two-step sign-in for your account (Settings › Security) before using the console.',
              },
            ],
            code: 'TWO_FACTOR_REQUIRED',
          },
          { status: 403 },
        ),
      ),
      http.post(api('/user/refresh_token/:userId'), () => {
        refreshes += 1;
        return failure(403, 'Session expired. log in to continue');
      }),
    );
    const { router, store, user } = renderApp('/console/trades', {
      preloadedState: signedInState({ role: 'operator' }),
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/console/security');
    }, TIMEOUT);
    expect(await screen.findByText(STAFF_TWO_FACTOR_LINE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Turn on two-step sign-in' }),
    ).toBeInTheDocument();
    // Security is the staff member's own page: in the account's menu (decision 071).
    const banner = screen.getByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Your account' }));
    expect(within(banner).getByRole('link', { name: 'Security' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(refreshes).toBe(0);
    expect(store.getState().auth.token).toBeTruthy();
    expect(screen.queryByText(/Session expired/i)).not.toBeInTheDocument();
  });
});
