import { act, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import { renderWithProviders, signedInState } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';
import { makeReferral, pageOf } from '../../../testing/trade-fixtures';
import { RewardsModal } from './rewards-modal';

const renderModal = (referralCode = 'AMAK7Q2X') =>
  renderWithProviders(<RewardsModal isOpen onClose={vi.fn()} referralCode={referralCode} />);

const expectedLink = `${window.location.origin}/register?code=AMAK7Q2X`;

afterEach(() => {
  vi.useRealTimers();
});

describe('rewards modal (docs/product.md §2)', () => {
  it('shows the code, the register link with ?code= and the reward terms', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Refer a friend and earn' });
    expect(dialog).toHaveTextContent('AMAK7Q2X');
    expect(dialog).toHaveTextContent(expectedLink);
    expect(dialog).toHaveTextContent('₦500.00');
    expect(screen.getByRole('link', { name: 'reward system terms' })).toHaveAttribute(
      'href',
      '/terms_of_use#reward-system',
    );
  });

  it('copies the code and confirms with Code copied! for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('AMAK7Q2X');
    expect(screen.getByText(MESSAGES.CODE_COPIED)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByText(MESSAGES.CODE_COPIED)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByText(MESSAGES.CODE_COPIED)).not.toBeInTheDocument();
  });

  it('copies the link and confirms with Link copied! for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(expectedLink);
    expect(screen.getByText(MESSAGES.LINK_COPIED)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText(MESSAGES.LINK_COPIED)).not.toBeInTheDocument();
  });

  it('says No referral code! and disables copying when there is no code', async () => {
    renderModal('');
    expect(await screen.findByText(MESSAGES.NO_REFERRAL_CODE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeDisabled();
    expect(screen.getByRole('dialog')).not.toHaveTextContent('/register?code=');
  });

  it('says Clipboard not supported when the browser has no clipboard', async () => {
    const { user } = renderModal();
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      await user.click(await screen.findByRole('button', { name: 'Copy code' }));
      expect(screen.getByText(MESSAGES.CLIPBOARD_UNSUPPORTED)).toBeInTheDocument();
      expect(screen.queryByText(MESSAGES.CODE_COPIED)).not.toBeInTheDocument();
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('announces other copy failures as Error: {message}', async () => {
    const { user } = renderModal();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Write denied'));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    const error = await screen.findByText('Error: Write denied');
    expect(error).toHaveRole('status');
    expect(screen.queryByText(MESSAGES.LINK_COPIED)).not.toBeInTheDocument();
  });
});

describe('rewards modal: referrals', () => {
  const renderSignedIn = () =>
    renderWithProviders(<RewardsModal isOpen onClose={vi.fn()} referralCode="AMAK7Q2X" />, {
      preloadedState: signedInState(),
    });

  it('lists who joined with the code, each reward and its status, and the total earned', async () => {
    server.use(
      http.get(api(`/user/referrals/${testUser.id}`), () =>
        success({
          ...pageOf([
            makeReferral({
              id: 'r1',
              referred_name: 'Tunde A.',
              status: 'rewarded',
              rewarded_at: '2026-11-15T10:00:00.000Z',
            }),
            makeReferral({ id: 'r2', referred_name: 'Ngozi E.', status: 'pending' }),
          ]),
          total_earned: 500,
        }),
      ),
    );
    renderSignedIn();
    const list = await screen.findByRole('list', { name: 'Referrals' }, { timeout: 5000 });
    const [tunde, ngozi] = within(list).getAllByRole('listitem');
    expect(tunde).toHaveTextContent('Tunde A.');
    expect(tunde).toHaveTextContent('₦500.00');
    expect(tunde).toHaveTextContent('Rewarded');
    expect(ngozi).toHaveTextContent('Ngozi E.');
    expect(ngozi).toHaveTextContent('Pending');
    expect(ngozi).toHaveTextContent('Joined 10 Nov 2026, 10:00');
    expect(screen.getByRole('dialog')).toHaveTextContent('Total earned: ₦500.00');
  });

  it('says No referrals yet when nobody has joined with the code', async () => {
    renderSignedIn();
    expect(await screen.findByText(/^No referrals yet/, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('dialog')).toHaveTextContent('Total earned: ₦0.00');
  });
});
