import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
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
const startAuthentication = vi.fn(() => Promise.resolve(ASSERTION));
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: () => startAuthentication(),
}));

describe('/login: Sign in with a passkey (decision 062)', () => {
  it('asks the API for a challenge, the browser for a passkey, and signs in with no password typed', async () => {
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
    const { user, router } = renderApp('/login', { preloadedState: signedOutState() });
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
    expect(startAuthentication).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([{ challenge_id: 'ch-1', response: ASSERTION }]);
  });
});
