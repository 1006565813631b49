import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';

/** The browser's WebAuthn prompt: jsdom has none, so the library answers as a device would. */
const REGISTRATION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm' },
  clientExtensionResults: {},
};
const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(() => Promise.resolve(REGISTRATION)),
  startAuthentication: vi.fn(() => Promise.resolve(ASSERTION)),
}));

const TIMEOUT = { timeout: 5000 };

function servePasskeys() {
  const state = {
    passkeys: [
      { id: 'p-1', name: 'Old laptop', created_at: '2026-11-01T10:00:00Z', last_used_at: null },
    ],
  };
  const bodies: { path: string; body: unknown }[] = [];
  server.use(
    http.get(api('/auth/current_user'), () =>
      success({
        ...testUser,
        two_factor: { totp: false, passkeys: state.passkeys.length, recovery_codes_left: 0 },
      }),
    ),
    http.get(api('/user/passkeys/:userId'), () => success(state.passkeys)),
    http.post(api('/user/passkeys/options/:userId'), () =>
      success({ options: { challenge: 'abc', rp: { id: 'localhost', name: 'Karta' } } }),
    ),
    http.post(api('/user/passkeys/delete/:userId'), async ({ request }) => {
      const body = (await request.json()) as { passkey_id: string };
      bodies.push({ path: 'delete', body });
      state.passkeys = state.passkeys.filter((each) => each.id !== body.passkey_id);
      return success(null, 'Passkey removed.');
    }),
    http.post(api('/user/passkeys/:userId'), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      bodies.push({ path: 'add', body });
      const added = {
        id: 'p-2',
        name: body.name,
        created_at: '2026-11-28T10:00:00Z',
        last_used_at: null,
      };
      state.passkeys = [...state.passkeys, added];
      return success(added, 'Passkey added.');
    }),
  );
  return bodies;
}

describe('Settings › Security: passkeys (decision 062)', () => {
  it('lists the passkeys, adds one by name with the browser’s answer, and removes one', async () => {
    const bodies = servePasskeys();
    const { user } = renderApp('/dashboard/settings/security', { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: 'Your passkeys' }, TIMEOUT);
    expect(within(list).getByText('Old laptop')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(/Give the passkey a name/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Passkey name'), 'My phone');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await within(list).findByText('My phone', {}, TIMEOUT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Old laptop' }));
    await waitFor(() => {
      expect(within(list).queryByText('Old laptop')).not.toBeInTheDocument();
    });
    expect(bodies).toEqual([
      { path: 'add', body: { name: 'My phone', response: REGISTRATION } },
      { path: 'delete', body: { passkey_id: 'p-1' } },
    ]);
  });
});

describe('Settings › Security: removing a passkey asks for a passkey first (step-up, decision 062)', () => {
  it('shows only the passkey way when the refusal names only it, steps up with it, and sends the removal again', async () => {
    const bodies = servePasskeys();
    const deletes: unknown[] = [];
    const stepUps: unknown[] = [];
    server.use(
      http.post(api('/user/passkeys/delete/:userId'), async ({ request }) => {
        deletes.push(await request.json());
        return deletes.length === 1
          ? HttpResponse.json(
              {
                status: 'error',
                message: 'Confirm this change with one of your passkeys.',
                code: 'STEP_UP_REQUIRED',
                errors: [
                  { field: 'passkey', message: 'Confirm this change with one of your passkeys.' },
                ],
              },
              { status: 401 },
            )
          : success(null, 'Passkey removed.');
      }),
      http.post(api('/user/two_factor/step_up/options/:userId'), () =>
        success({ options: { challenge: 'step-abc', allowCredentials: [{ id: 'cred-1' }] } }),
      ),
      http.post(api('/user/two_factor/step_up/:userId'), async ({ request }) => {
        stepUps.push(await request.json());
        return success({ stepped_up_until: new Date(Date.now() + 300_000).toISOString() });
      }),
    );
    const { user } = renderApp('/dashboard/settings/security', { preloadedState: signedInState() });
    await user.click(await screen.findByRole('button', { name: 'Remove Old laptop' }, TIMEOUT));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(
      within(prompt).getByText('Confirm this change with one of your passkeys.'),
    ).toBeInTheDocument();
    expect(within(prompt).queryByLabelText('6-digit code')).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Use your passkey' }));
    await waitFor(() => {
      expect(deletes).toHaveLength(2);
    });
    expect(deletes).toEqual([{ passkey_id: 'p-1' }, { passkey_id: 'p-1' }]);
    expect(stepUps).toEqual([{ passkey: ASSERTION }]);
    expect(bodies).toEqual([]);
  });
});
