import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendCountdown } from './resend-countdown';

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('ResendCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 30 seconds with a countdown and a bar, then lets the user resend', async () => {
    render(<ResendCountdown seconds={30} onResend={() => Promise.resolve(true)} />);
    const button = screen.getByRole('button', { name: /^Resend/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleName('Resend in 0:30');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');

    await advance(10_000);
    expect(screen.getByText('0:20')).toBeInTheDocument();
    expect(button).toBeDisabled();

    await advance(20_000);
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleName('Resend code');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('restarts the wait after each successful resend, not after a failed one', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const onResend = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<ResendCountdown seconds={30} onResend={onResend} startOnMount={false} />);
    const button = screen.getByRole('button', { name: /^Resend/ });
    expect(button).toBeEnabled();

    await user.click(button);
    expect(onResend).toHaveBeenCalledTimes(1);
    await waitFor(() => {
      expect(button).toHaveTextContent('Resend code');
    });
    expect(button).toBeEnabled();

    await user.click(button);
    expect(onResend).toHaveBeenCalledTimes(2);
    await waitFor(() => {
      expect(screen.getByText('0:30')).toBeInTheDocument();
    });
    expect(button).toBeDisabled();
    expect(screen.getByText('0:30')).toBeInTheDocument();
    await advance(30_000);
    expect(button).toBeEnabled();
  });

  it('says Sending... while the code is on its way', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    let finish: (sent: boolean) => void = () => undefined;
    const onResend = () =>
      new Promise<boolean>((resolve) => {
        finish = resolve;
      });
    render(<ResendCountdown seconds={30} onResend={onResend} startOnMount={false} />);
    await user.click(screen.getByRole('button', { name: /^Resend/ }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => {
      finish(true);
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: /^Resend/ })).toBeDisabled();
  });
});
