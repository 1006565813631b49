import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import { renderWithProviders } from '../../../testing/render';
import { RewardsModal } from './rewards-modal';

const renderModal = (referralCode = 'AMAK7Q2X') =>
  renderWithProviders(<RewardsModal isOpen onClose={vi.fn()} referralCode={referralCode} />);

const expectedLink = `${window.location.origin}/register?code=AMAK7Q2X`;

afterEach(() => {
  vi.useRealTimers();
});

describe('rewards modal (spec §2)', () => {
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

  it('shows other copy failures as Error: {message} in red', async () => {
    const { user } = renderModal();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Write denied'));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    const error = await screen.findByText('Error: Write denied');
    expect(error).toHaveClass('text-rejected');
    expect(screen.queryByText(MESSAGES.LINK_COPIED)).not.toBeInTheDocument();
  });
});
