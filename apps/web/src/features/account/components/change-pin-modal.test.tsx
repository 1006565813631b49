import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { serveStepUp, stepUpRequired } from '../../../testing/step-up-fixtures';
import { ChangePinModal } from './change-pin-modal';

function renderModal(overrides: Partial<typeof testUser> = {}) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <>
      <ChangePinModal isOpen onClose={onClose} />
      <ToastContainer />
    </>,
    { preloadedState: signedInState(overrides) },
  );
  return { ...view, onClose };
}

describe('ChangePinModal (docs/product.md §4, §5)', () => {
  it('says "Change PIN" to a user with a PIN and "Set your PIN" to one without', () => {
    const first = renderModal();
    expect(screen.getByRole('dialog', { name: 'Change PIN' })).toBeInTheDocument();
    first.unmount();
    renderModal({ has_pin: false });
    expect(screen.getByRole('dialog', { name: 'Set your PIN' })).toBeInTheDocument();
  });

  it('asks for every field', async () => {
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('PIN is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm PIN is required')).toBeInTheDocument();
  });

  it('refuses a short password, a short PIN and a confirmation that differs', async () => {
    const { user } = renderModal();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('New PIN'), '12');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('PIN must be 4 digits')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New PIN'), '34');
    await user.type(screen.getByLabelText('Confirm PIN'), '4321');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    expect(await screen.findByText('Pins do not match')).toBeInTheDocument();
  });

  it('takes digits only, at most 4, hidden until the toggle shows them', async () => {
    const { user } = renderModal();
    const pin = screen.getByLabelText('New PIN');
    await user.type(pin, 'a1b2-3c45');
    expect(pin).toHaveValue('1234');
    expect(pin).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: /Toggle PIN visibility/ });
    if (!toggle) throw new Error('no PIN visibility toggle');
    // Its name starts with the word it shows (label in name, WCAG 2.5.3).
    expect(toggle).toHaveTextContent('Show');
    expect(toggle).toHaveAccessibleName('Show PIN, Toggle PIN visibility');
    await user.click(toggle);
    expect(pin).toHaveAttribute('type', 'text');
    expect(toggle).toHaveTextContent('Hide');
    expect(toggle).toHaveAccessibleName('Hide PIN, Toggle PIN visibility');
    await user.click(toggle);
    expect(pin).toHaveAttribute('type', 'password');
  });

  it('clears the confirmation whenever the new PIN changes', async () => {
    const { user } = renderModal();
    await user.type(screen.getByLabelText('New PIN'), '1234');
    await user.type(screen.getByLabelText('Confirm PIN'), '1234');
    expect(screen.getByLabelText('Confirm PIN')).toHaveValue('1234');
    await user.type(screen.getByLabelText('New PIN'), '{Backspace}5');
    expect(screen.getByLabelText('Confirm PIN')).toHaveValue('');
  });

  it('sets the PIN, reads the profile again, stores it and closes', async () => {
    let received: unknown = null;
    server.use(
      http.post(api('/user/update_pin/:userId'), async ({ request, params }) => {
        received = { userId: params.userId, ...((await request.json()) as object) };
        return success({ ...testUser, has_pin: true }, 'Your PIN has been set.');
      }),
      http.get(api('/auth/current_user'), () =>
        success({ ...testUser, has_pin: true, first_name: 'Amaka Refetched' }),
      ),
    );
    const { user, store, onClose } = renderModal({ has_pin: false });
    await user.type(screen.getByLabelText('Password'), 'Current#Pass1');
    await user.type(screen.getByLabelText('PIN'), '2468');
    await user.type(screen.getByLabelText('Confirm PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));

    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(received).toEqual({
      userId: testUser.id,
      password: 'Current#Pass1',
      pin: '2468',
      verify_pin: '2468',
    });
    expect(store.getState().auth.user).toMatchObject({
      has_pin: true,
      first_name: 'Amaka Refetched',
    });
    expect(await screen.findByText('Your PIN has been set.')).toBeInTheDocument();
  });

  it('marks a wrong password at its field and stays open', async () => {
    server.use(
      http.post(api('/user/update_pin/:userId'), () =>
        failure(401, 'Your password is incorrect.', 'password'),
      ),
    );
    const { user, onClose } = renderModal();
    await user.type(screen.getByLabelText('Password'), 'Wrong#Pass1');
    await user.type(screen.getByLabelText('New PIN'), '1357');
    await user.type(screen.getByLabelText('Confirm PIN'), '1357');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => {
      expect(password).toHaveAccessibleDescription('Your password is incorrect.');
    });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { user, onClose } = renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ChangePinModal with two-step sign-in on (step-up, decision 061)', () => {
  it('asks for the code over the kept form; Cancel sends nothing, the right code sends the same request', async () => {
    const received: unknown[] = [];
    server.use(
      http.post(api('/user/update_pin/:userId'), async ({ request }) => {
        received.push(await request.json());
        return received.length <= 2
          ? stepUpRequired()
          : success({ ...testUser, has_pin: true }, 'Your PIN has been changed.');
      }),
      http.get(api('/auth/current_user'), () => success({ ...testUser, has_pin: true })),
    );
    const { codes } = serveStepUp('135790');
    const { user, onClose } = renderModal();
    await user.type(screen.getByLabelText('Password'), 'Current#Pass1');
    await user.type(screen.getByLabelText('New PIN'), '9876');
    await user.type(screen.getByLabelText('Confirm PIN'), '9876');
    await user.click(screen.getByRole('button', { name: 'Change PIN' }));

    let prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Password')).toHaveValue('Current#Pass1');
    expect(screen.getByLabelText('New PIN')).toHaveValue('9876');
    expect(screen.getByLabelText('Confirm PIN')).toHaveValue('9876');

    await user.click(screen.getByRole('button', { name: 'Change PIN' }));
    prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(prompt).getByLabelText('6-digit code'), '135790');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(codes).toEqual(['135790']);
    const body = { password: 'Current#Pass1', pin: '9876', verify_pin: '9876' };
    expect(received).toEqual([body, body, body]);
  });
});
