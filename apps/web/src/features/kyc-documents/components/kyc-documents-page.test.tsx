import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KycSubmission } from '@karta/shared/schemas/kyc-documents';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { browserCanvas, SHRUNK_BYTES } from '../../../testing/browser-canvas';
import { photoFile } from '../../../testing/trade-fixtures';
import { makeTerms, makeTierTerms } from '../../../testing/withdrawal-fixtures';
import { readForm } from '../../../testing/read-form';

const TIMEOUT = { timeout: 5000 };
const PAGE = '/dashboard/settings/verification/documents';
const DOCUMENTS = api(`/user/kyc_documents/${testUser.id}`);

const submission = (overrides: Partial<KycSubmission> = {}): KycSubmission => ({
  id: '7f1c7e4e-9a55-4c55-8d4e-2a3b1c0d9e8f',
  status: 'pending_review',
  id_type: 'drivers_licence',
  id_number_last4: '45AB',
  address: '14 Adeola Odeku Street, Victoria Island, Lagos',
  submitted_at: '2026-11-21T13:02:00.000Z',
  decided_at: null,
  rejection: null,
  images: {
    id_front: '/api/v1/user/kyc_document_images/a_id_front?expires=1&signature=s',
    id_back: '/api/v1/user/kyc_document_images/a_id_back?expires=1&signature=s',
    selfie: '/api/v1/user/kyc_document_images/a_selfie?expires=1&signature=s',
    proof_of_address: '/api/v1/user/kyc_document_images/a_proof_of_address?expires=1&signature=s',
  },
  ...overrides,
});

/** The latest submission, and the send call, which answers 201 and makes it the pending one. */
function serveDocuments(initial: KycSubmission | null) {
  let latest = initial;
  const sent: FormData[] = [];
  server.use(
    http.get(api(`/transaction/withdrawal_terms/${testUser.id}`), () => success(makeTerms())),
    http.get(DOCUMENTS, () => success(latest)),
    http.post(DOCUMENTS, async ({ request }) => {
      sent.push(await readForm(request));
      latest = submission({ submitted_at: '2026-11-22T09:00:00.000Z' });
      return success(
        { id: latest.id, status: 'pending_review', submitted_at: latest.submitted_at },
        'Your documents are sent. We will review them shortly.',
      );
    }),
  );
  return { sent };
}

const renderPage = () => renderApp(PAGE, { preloadedState: signedInState() });

describe('Settings › Verification › Documents', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for each photo with the camera on phones: the selfie from the front one', async () => {
    serveDocuments(null);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Your documents' }, TIMEOUT);
    const selfie = within(form).getByLabelText('Selfie');
    expect(selfie).toHaveAttribute('accept', 'image/*');
    expect(selfie).toHaveAttribute('capture', 'user');
    expect(within(form).getByLabelText('Front of the ID')).toHaveAttribute(
      'capture',
      'environment',
    );
    expect(within(form).getByLabelText('Proof of address')).toHaveAttribute('accept', 'image/*');
  });

  it('says what is missing before sending: a licence needs its back', async () => {
    const { sent } = serveDocuments(null);
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Your documents' }, TIMEOUT);
    await user.selectOptions(within(form).getByLabelText('ID type'), 'drivers_licence');
    await user.click(within(form).getByRole('button', { name: 'Send documents' }));
    expect(await within(form).findByText('Add a photo of the back of the ID.')).toBeInTheDocument();
    expect(within(form).getByText('Add a selfie.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the ID’s number as printed on it.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('hides the back for a passport and sends the fields and photos, then shows the review status', async () => {
    const { sent } = serveDocuments(null);
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Your documents' }, TIMEOUT);
    await user.selectOptions(within(form).getByLabelText('ID type'), 'international_passport');
    expect(within(form).queryByLabelText(/Back of the ID/)).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('ID number'), 'A01234567');
    await user.upload(
      within(form).getByLabelText('Photo page of the passport'),
      photoFile('page.jpg'),
    );
    await user.upload(within(form).getByLabelText('Selfie'), photoFile('me.jpg'));
    await user.type(
      within(form).getByLabelText('Home address'),
      '14 Adeola Odeku Street, Victoria Island, Lagos',
    );
    await user.upload(within(form).getByLabelText('Proof of address'), photoFile('bill.jpg'));
    await user.click(within(form).getByRole('button', { name: 'Send documents' }));
    const status = await screen.findByText('Waiting for review', {}, TIMEOUT);
    expect(status).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    const form0 = sent[0];
    expect(form0?.get('id_type')).toBe('international_passport');
    expect(form0?.get('id_number')).toBe('A01234567');
    expect(form0?.has('id_back')).toBe(false);
    expect(form0?.has('selfie')).toBe(true);
    expect(form0?.has('proof_of_address')).toBe(true);
    expect(screen.queryByRole('form', { name: 'Your documents' })).not.toBeInTheDocument();
  });

  it('makes a 6 MB selfie smaller before it is sent, and says so under the field', async () => {
    const { sent } = serveDocuments(null);
    const canvas = browserCanvas();
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Your documents' }, TIMEOUT);
    await user.selectOptions(within(form).getByLabelText('ID type'), 'nin_slip');
    await user.type(within(form).getByLabelText('ID number'), '12345678901');
    await user.upload(within(form).getByLabelText('Front of the ID'), photoFile('slip.jpg'));
    await user.upload(
      within(form).getByLabelText('Selfie'),
      photoFile('me.jpg', 'image/jpeg', 6 * 1024 * 1024),
    );
    expect(
      await within(form).findByText('me.jpg (made smaller: 6.0 MB → 640 KB)'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Home address'), '3 Allen Avenue, Ikeja, Lagos');
    await user.upload(within(form).getByLabelText('Proof of address'), photoFile('bill.jpg'));
    await user.click(within(form).getByRole('button', { name: 'Send documents' }));
    await screen.findByText('Waiting for review', {}, TIMEOUT);
    // The JPEG the canvas wrote, not the 6 MB photo. (jsdom's XMLHttpRequest writes a File made
    // from a Blob without its name or bytes; a real browser's upload of one is in
    // e2e/photo-shrink.e2e.ts.)
    const selfie = sent[0]?.get('selfie') as File;
    expect(selfie.type).toBe('image/jpeg');
    expect(selfie.size).toBeLessThanOrEqual(SHRUNK_BYTES);
    expect(canvas.drawn).toEqual([[0, 0, 2000, 1500]]);
  });

  it('shows a field the server refused beside it', async () => {
    serveDocuments(null);
    server.use(
      http.post(DOCUMENTS, () => failure(413, 'Each photo can be at most 5 MB.', 'selfie')),
    );
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Your documents' }, TIMEOUT);
    await user.selectOptions(within(form).getByLabelText('ID type'), 'nin_slip');
    await user.type(within(form).getByLabelText('ID number'), '12345678901');
    await user.upload(within(form).getByLabelText('Front of the ID'), photoFile('slip.jpg'));
    await user.upload(within(form).getByLabelText('Selfie'), photoFile('me.jpg'));
    await user.type(within(form).getByLabelText('Home address'), '3 Allen Avenue, Ikeja, Lagos');
    await user.upload(within(form).getByLabelText('Proof of address'), photoFile('bill.jpg'));
    await user.click(within(form).getByRole('button', { name: 'Send documents' }));
    expect(
      await within(form).findByText('Each photo can be at most 5 MB.', {}, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('after a rejection shows why and the note, and "Send again" opens the form', async () => {
    serveDocuments(
      submission({
        status: 'rejected',
        decided_at: '2026-11-21T15:00:00.000Z',
        rejection: {
          reason: 'blurry',
          reason_words: 'A photo was too blurry to read.',
          note: 'The licence number cannot be read.',
        },
      }),
    );
    const { user } = renderPage();
    expect(
      await screen.findByText('A photo was too blurry to read.', {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.getByText('The licence number cannot be read.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your documents' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => {
      expect(screen.getByRole('form', { name: 'Your documents' })).toBeInTheDocument();
    });
  });
});

describe('Settings › Verification › Documents, approved', () => {
  it('says the seller is tier 3 with the limit the server is configured with', async () => {
    serveDocuments(submission({ status: 'approved' }));
    renderPage();
    expect(
      await screen.findByText(/You are tier 3: ₦5,000,000 a day\./, {}, TIMEOUT),
    ).toBeInTheDocument();
  });
});

describe('Settings › Verification › Documents, below tier 2', () => {
  it('leads to Verification first, with no form to fill in vain', async () => {
    serveDocuments(null);
    server.use(
      http.get(api(`/transaction/withdrawal_terms/${testUser.id}`), () =>
        success(makeTierTerms(1)),
      ),
    );
    renderPage();
    expect(
      await screen.findByText(
        /Documents come after your BVN and your NIN \(tier 2\)\. You are at tier 1\./,
        {},
        TIMEOUT,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Verification' })).toHaveAttribute(
      'href',
      '/dashboard/settings/verification',
    );
    expect(screen.queryByRole('form', { name: 'Your documents' })).not.toBeInTheDocument();
  });
});
