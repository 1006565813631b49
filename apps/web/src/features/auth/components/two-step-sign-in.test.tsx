import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedOutState } from '../../../testing/render';
import { api, failure, makeToken, server, testUser } from '../../../testing/server';
import { CODE_LABEL, RECOVERY_LABEL } from './two-step-form';

const PASSWORD = 'Sunshine#2026';
const CHALLENGE = 'q0v3Zb1mB5n3dK0cX9pW4lT7sY2uR8eA6hJ1fG5kN3o';
const CHALLENGE_OVER =
  'This sign-in has expired or had too many wrong codes. Sign in again with your password.';

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
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: (options: unknown) => startAuthentication(options),
  browserSupportsWebAuthnAutofill: () => Promise.resolve(false),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
const PASSKEY_OPTIONS = {
  challenge: 'abc',
  allowCredentials: [{ id: 'cred-1', type: 'public-key' }],
};

/** The password step answers a challenge; the second step's bodies are kept in `sent`. */
function answerChallenge(
  second: (body: Record<string, unknown>) => Response,
  methods: string[] = ['totp', 'recovery_code'],
) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post(api('/auth/login'), () =>
      HttpResponse.json({
        status: 'success',
        message: 'Enter the 6-digit code from your authenticator app to finish signing in.',
        data: {
          two_factor_required: true,
          methods,
          challenge_id: CHALLENGE,
          ...(methods.includes('passkey') && { passkey_options: PASSKEY_OPTIONS }),
        },
      }),
    ),
    http.post(api('/auth/login/two_factor'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return second(body);
    }),
  );
  return sent;
}

const session = () =>
  HttpResponse.json({
    status: 'success',
    message: 'Welcome back, Amaka.',
    token: makeToken(),
    data: testUser,
  });

async function passPasswordStep() {
  const view = renderApp('/login', { preloadedState: signedOutState() });
  await screen.findByRole('heading', { name: 'Welcome Back' });
  await view.user.type(screen.getByLabelText('Email'), testUser.email);
  await view.user.type(screen.getByLabelText('Password'), PASSWORD);
  await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-step sign-in' });
  return view;
}

describe('two-step sign-in, the second step (decision 061)', () => {
  it('asks for the authenticator code, keeps no password, and signs in as a plain sign-in does', async () => {
    const sent = answerChallenge(() => session());
    const { user, router, store } = await passPasswordStep();
    const input = await screen.findByLabelText(CODE_LABEL);
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(store.getState().auth.verifyData).toBeNull();
    expect(store.getState().auth.token).toBeFalsy();
    await user.type(input, '492039');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(store.getState().auth.token).toBeTruthy();
    });
    expect(sent).toEqual([{ challenge_id: CHALLENGE, code: '492039' }]);
    await waitFor(() => {
      expect(router.state.location.pathname).toMatch(/^\/dashboard/);
    });
  });

  it('says a short code under the field before sending anything', async () => {
    const sent = answerChallenge(() => session());
    const { user } = await passPasswordStep();
    await user.type(await screen.findByLabelText(CODE_LABEL), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText(CODE_LABEL)).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('shows a wrong code in place and lets the seller try again', async () => {
    const wrong =
      'That code is not right. Enter the 6-digit code your authenticator app shows now.';
    answerChallenge(() => failure(401, wrong, 'code'));
    const { user, router, store } = await passPasswordStep();
    await user.type(await screen.findByLabelText(CODE_LABEL), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(screen.getByLabelText(CODE_LABEL)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth.token).toBeFalsy();
  });

  it('switches to a recovery code and sends it as recovery_code', async () => {
    const sent = answerChallenge(() => session());
    const { user, store } = await passPasswordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(await screen.findByLabelText(RECOVERY_LABEL), 'k7m2p-x9q4r');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(store.getState().auth.token).toBeTruthy();
    });
    expect(sent).toEqual([{ challenge_id: CHALLENGE, recovery_code: 'k7m2p-x9q4r' }]);
  });

  it('an expired challenge goes back to the password step and says why', async () => {
    answerChallenge(() => failure(401, CHALLENGE_OVER, 'challenge_id'));
    const { user } = await passPasswordStep();
    await user.type(await screen.findByLabelText(CODE_LABEL), '492039');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(CHALLENGE_OVER);
    expect(screen.getByLabelText('Email')).toHaveValue(testUser.email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});

describe('two-step sign-in with a passkey as the second step (decision 062)', () => {
  it('an account with only a passkey is asked for it, with the options the password step sent; no code field', async () => {
    const sent = answerChallenge(() => session(), ['passkey']);
    const { user, store } = await passPasswordStep();
    expect(screen.getByText(/Confirm with your passkey to finish signing in/)).toBeInTheDocument();
    expect(screen.queryByLabelText(CODE_LABEL)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => {
      expect(store.getState().auth.token).toBeTruthy();
    });
    expect(startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: PASSKEY_OPTIONS });
    expect(sent).toEqual([{ challenge_id: CHALLENGE, passkey: ASSERTION }]);
  });

  it('an account with both offers the code and the passkey', async () => {
    answerChallenge(() => session(), ['totp', 'recovery_code', 'passkey']);
    await passPasswordStep();
    expect(await screen.findByLabelText(CODE_LABEL)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use your passkey' })).toBeInTheDocument();
  });

  it('a refused passkey starts the sign-in again and says why', async () => {
    const refused = 'That passkey did not confirm it is you. Try again, or use another way.';
    answerChallenge(() => failure(401, refused, 'passkey'), ['passkey']);
    const { user } = await passPasswordStep();
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(refused);
  });
});
