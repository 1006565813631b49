import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedOutState } from '../../../testing/render';
import { api, makeToken, server, success, testUser } from '../../../testing/server';

/** What the browser's prompt gives back after the face, finger or screen lock. */
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const startAuthentication = vi.fn<(options: unknown) => Promise<typeof ASSERTION>>(() =>
  Promise.resolve(ASSERTION),
);
const browserSupportsWebAuthnAutofill = vi.fn(() => Promise.resolve(false));
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: (options: unknown) => startAuthentication(options),
  browserSupportsWebAuthnAutofill: () => browserSupportsWebAuthnAutofill(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

beforeEach(() => {
  startAuthentication.mockClear();
  browserSupportsWebAuthnAutofill.mockClear();
});

function servePasskeySignIn() {
  const sent: unknown[] = [];
  server.use(
    http.post(api('/auth/passkey/options'), () =>
      success({ challenge_id: 'ch-1', options: { challenge: 'abc', rpId: 'localhost' } }),
    ),
    http.post(api('/auth/passkey/login'), async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({
        status: 'success',
        message: 'Welcome back, Amaka.',
        token: makeToken(),
        data: testUser,
      });
    }),
  );
  return sent;
}

describe('/login: Sign in with a passkey (decision 062)', () => {
  it('asks the API for a challenge, the browser for a passkey, and signs in with no password typed', async () => {
    const sent = servePasskeySignIn();
    const { user, router } = renderApp('/login', { preloadedState: signedOutState() });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
    expect(startAuthentication).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([{ challenge_id: 'ch-1', response: ASSERTION }]);
  });
});

describe('/login: the browser’s passkey autofill on the e-mail field (conditional mediation)', () => {
  it('marks the field for passkeys, starts the autofill wait on focus, and signs in when a passkey is picked', async () => {
    browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    const sent = servePasskeySignIn();
    const { user, router } = renderApp('/login', { preloadedState: signedOutState() });
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('autocomplete', 'username webauthn');
    expect(startAuthentication).not.toHaveBeenCalled();
    await user.click(email);
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
    expect(startAuthentication).toHaveBeenLastCalledWith({
      optionsJSON: { challenge: 'abc', rpId: 'localhost' },
      useBrowserAutofill: true,
    });
    expect(sent).toEqual([{ challenge_id: 'ch-1', response: ASSERTION }]);
  });

  it('asks the server for nothing where the browser has no passkey autofill', async () => {
    browserSupportsWebAuthnAutofill.mockResolvedValue(false);
    const sent = servePasskeySignIn();
    const { user } = renderApp('/login', { preloadedState: signedOutState() });
    await user.click(await screen.findByLabelText('Email'));
    await waitFor(() => {
      expect(browserSupportsWebAuthnAutofill).toHaveBeenCalled();
    });
    expect(startAuthentication).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
