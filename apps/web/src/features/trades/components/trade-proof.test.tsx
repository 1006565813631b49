import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';
import { makeTrade } from '../../../testing/trade-fixtures';

const TIMEOUT = { timeout: 5000 };

const rejected = makeTrade({
  status: 'rejected',
  rejection_code: 'already_used',
  rejection_reason: 'The card has already been used.',
  review_note: 'The balance check shows $0.00 left on the card.',
  rejection_proof: {
    id: 'proof-1',
    url: 'https://files.example/proof.webp',
    width: 390,
    height: 844,
  },
  reviewed_at: '2026-11-21T15:40:00.000Z',
});

describe("the seller's rejected trade", () => {
  it('shows the reason, the note and the proof, which opens full size with zoom and rotate', async () => {
    server.use(http.get(api(`/trade/fetch_trade/${testUser.id}`), () => success(rejected)));
    const { user } = renderApp('/dashboard/transaction-history/trades/trade-1', {
      preloadedState: signedInState(),
    });
    const notice = await screen.findByRole(
      'region',
      { name: 'Why the trade was rejected' },
      TIMEOUT,
    );
    expect(notice).toHaveTextContent('The card has already been used.');
    expect(notice).toHaveTextContent(
      'Note from our team: The balance check shows $0.00 left on the card.',
    );
    expect(notice).toHaveTextContent('What our team saw when checking the card');
    await user.click(within(notice).getByRole('button', { name: 'Open the proof image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of the rejection' });
    expect(
      within(dialog).getByRole('img', { name: 'The proof our team attached to the rejection' }),
    ).toHaveAttribute('src', 'https://files.example/proof.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate right' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('100%, turned 90°');
  });

  it('shows no proof when none was given', async () => {
    server.use(
      http.get(api(`/trade/fetch_trade/${testUser.id}`), () =>
        success({ ...rejected, rejection_proof: null }),
      ),
    );
    renderApp('/dashboard/transaction-history/trades/trade-1', { preloadedState: signedInState() });
    const notice = await screen.findByRole(
      'region',
      { name: 'Why the trade was rejected' },
      TIMEOUT,
    );
    expect(within(notice).queryByRole('button', { name: 'Open the proof image' })).toBeNull();
  });
});
