import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState } from '../../../testing/render';
import { makeAdminTrade, serveReview } from '../../../testing/review-fixtures';
import { api, server, success, testUser } from '../../../testing/server';
import { readForm } from '../../../testing/read-form';

const TIMEOUT = { timeout: 5000 };
const PROOF = { id: 'proof-1', url: 'https://files.example/proof.webp', width: 390, height: 844 };

const screenshot = (bytes = 2048, type = 'image/png') =>
  new File([new Uint8Array(bytes)], 'balance-check.png', { type });

/** The upload step: records what came, answers the stored proof. */
function serveProofUpload() {
  const uploads: string[] = [];
  server.use(
    http.post(api('/admin/trades/:id/rejection_proof'), async ({ request, params }) => {
      const form = await readForm(request);
      uploads.push(`${String(params.id)}: ${String(form.getAll('image').length)} image`);
      return success(PROOF, 'Proof uploaded.');
    }),
  );
  return uploads;
}

const openReject = async () => {
  const view = renderApp('/console/trades/trade-1', {
    preloadedState: signedInState({ role: 'operator' }),
  });
  await screen.findByRole('heading', { level: 1, name: 'Trade KT-7K3M9QX2' }, TIMEOUT);
  return { ...view, panel: screen.getByRole('region', { name: 'Reject' }) };
};

describe('reject with proof', () => {
  it('uploads the chosen image first, then rejects naming it; the summary says so', async () => {
    const review = serveReview([makeAdminTrade()], testUser.id);
    const uploads = serveProofUpload();
    const { user, panel } = await openReject();
    await user.selectOptions(within(panel).getByLabelText('Reason'), 'already_used');
    await user.type(within(panel).getByLabelText(/Note to the seller/), 'Balance is $0.00.');
    await user.upload(within(panel).getByLabelText('Proof image (optional)'), screenshot());
    expect(within(panel).getByText('balance-check.png')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Reject trade' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject this trade?' });
    expect(dialog).toHaveTextContent('Proof image: balance-check.png');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(review.rejections).toEqual([
        { reason: 'already_used', note: 'Balance is $0.00.', proof_id: 'proof-1' },
      ]);
    });
    expect(uploads).toEqual(['trade-1: 1 image']);
  });

  it('refuses an image over 5 MB before sending anything, and can drop the chosen one', async () => {
    const review = serveReview([makeAdminTrade()], testUser.id);
    const uploads = serveProofUpload();
    const { user, panel } = await openReject();
    const input = within(panel).getByLabelText('Proof image (optional)');
    await user.upload(input, screenshot(5 * 1024 * 1024 + 1));
    expect(within(panel).getByRole('alert')).toHaveTextContent('The image can be at most 5 MB.');

    await user.upload(input, screenshot());
    await user.click(within(panel).getByRole('button', { name: 'Remove the proof image' }));
    expect(within(panel).queryByText('balance-check.png')).toBeNull();
    await user.selectOptions(within(panel).getByLabelText('Reason'), 'invalid_code');
    await user.click(within(panel).getByRole('button', { name: 'Reject trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this trade?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(review.rejections).toEqual([{ reason: 'invalid_code' }]);
    });
    expect(uploads).toEqual([]);
  });

  it('refuses a text file the moment it is picked, before any confirmation', async () => {
    const review = serveReview([makeAdminTrade()], testUser.id);
    const uploads = serveProofUpload();
    const { user, panel } = await openReject();
    const input = within(panel).getByLabelText('Proof image (optional)');
    // The picker's "All files" view lets one through whatever `accept` says.
    fireEvent.change(input, {
      target: { files: [new File(['balance: $0.00'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Choose an image: a JPEG, PNG, WebP or HEIC screenshot.',
    );
    expect(within(panel).queryByText('notes.txt')).toBeNull();
    await user.selectOptions(within(panel).getByLabelText('Reason'), 'invalid_code');
    await user.click(within(panel).getByRole('button', { name: 'Reject trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this trade?' });
    expect(dialog).not.toHaveTextContent('Proof image');
    expect(review.rejections).toEqual([]);
    expect(uploads).toEqual([]);
  });
});
