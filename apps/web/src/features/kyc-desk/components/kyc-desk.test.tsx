import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { kycQueueItem, kycReview } from '../../../testing/kyc-desk-fixtures';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const operator = () => signedInState({ role: 'operator' });

const ID = kycQueueItem().id;
const SUBMISSION = api(`/admin/kyc/${ID}`);

describe('KYC desk: the queue', () => {
  it('lists waiting documents in the order the API gives (oldest first), with waiting time and the seller', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(api('/admin/kyc'), ({ request }) => {
        asked = new URL(request.url).searchParams;
        return success({
          data: [
            kycQueueItem(),
            kycQueueItem({
              id: '2c1d7e4e-9a55-4c55-8d4e-2a3b1c0d9e8f',
              waiting_minutes: 5,
              seller: {
                ...kycQueueItem().seller,
                first_name: 'Tunde',
                last_name: 'Bakare',
                email: 't@example.com',
              },
              claim: {
                by_user_id: 'someone',
                by_name: 'Ada Eze',
                until: '2026-11-21T15:30:00.000Z',
                seen_at: null,
              },
            }),
          ],
          meta: { page: 1, size: 20, total: 2, totalPages: 1 },
        });
      }),
    );
    renderApp('/console/kyc', { preloadedState: operator() });
    const list = await screen.findByRole('list', { name: 'Documents' }, TIMEOUT);
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Chiamaka Okafor');
    expect(rows[0]).toHaveTextContent('waiting 2 h 5 min');
    expect(rows[0]).toHaveTextContent('Driver’s licence · BVN verified');
    expect(rows[1]).toHaveTextContent('Ada Eze is reviewing it');
    expect(asked?.get('status')).toBe('pending');
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      `/console/kyc/${ID}`,
    );
  });
});

describe('KYC desk: one submission', () => {
  it('shows the ID beside the selfie and the BVN check, and claims on opening (decision 078)', async () => {
    let current = kycReview();
    let claims = 0;
    server.use(
      http.get(SUBMISSION, () => success(current)),
      http.post(`${SUBMISSION}/claim`, () => {
        claims += 1;
        current = kycReview({
          claim: {
            by_user_id: testUser.id,
            by_name: 'You',
            until: '2026-11-21T15:30:00.000Z',
            seen_at: null,
          },
        });
        return success(current);
      }),
    );
    renderApp(`/console/kyc/${ID}`, { preloadedState: operator() });
    expect(await screen.findByRole('img', { name: 'ID, front' }, TIMEOUT)).toHaveAttribute(
      'src',
      'https://files.example/front.webp',
    );
    expect(screen.getByRole('img', { name: 'Selfie' })).toBeInTheDocument();
    expect(screen.getByText(/BVN ending 4821 verified/)).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Approve: tier 3' }, TIMEOUT),
    ).toBeInTheDocument();
    expect(claims).toBe(1);
  });

  it('approves', async () => {
    let current = kycReview({
      claim: {
        by_user_id: testUser.id,
        by_name: 'You',
        until: '2026-11-21T15:30:00.000Z',
        seen_at: null,
      },
    });
    server.use(
      http.get(SUBMISSION, () => success(current)),
      http.post(`${SUBMISSION}/approve`, () => {
        current = kycReview({ status: 'approved', decided_at: '2026-11-21T15:00:00.000Z' });
        return success(current);
      }),
    );
    const { user } = renderApp(`/console/kyc/${ID}`, { preloadedState: operator() });
    await user.click(await screen.findByRole('button', { name: 'Approve: tier 3' }, TIMEOUT));
    const decision = await screen.findByRole('region', { name: 'Decision' }, TIMEOUT);
    await waitFor(() => {
      expect(decision).toHaveTextContent('Approved');
    });
  });

  it('rejects with a reason and a note; "other" needs the note', async () => {
    let current = kycReview({
      claim: {
        by_user_id: testUser.id,
        by_name: 'You',
        until: '2026-11-21T15:30:00.000Z',
        seen_at: null,
      },
    });
    const bodies: unknown[] = [];
    server.use(
      http.get(SUBMISSION, () => success(current)),
      http.post(`${SUBMISSION}/reject`, async ({ request }) => {
        bodies.push(await request.json());
        current = kycReview({
          status: 'rejected',
          decided_at: '2026-11-21T15:00:00.000Z',
          rejection: {
            reason: 'blurry',
            reason_words: 'A photo was too blurry to read.',
            note: 'Retake the front.',
          },
        });
        return success(current);
      }),
    );
    const { user } = renderApp(`/console/kyc/${ID}`, { preloadedState: operator() });
    const form = await screen.findByRole('form', { name: 'Reject' }, TIMEOUT);
    await user.selectOptions(within(form).getByLabelText('Reason'), 'other');
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    expect(
      await within(form).findByText('Say what is wrong in the note when the reason is "other".'),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.selectOptions(within(form).getByLabelText('Reason'), 'blurry');
    await user.type(within(form).getByLabelText('Note to the seller'), 'Retake the front.');
    await user.click(within(form).getByRole('button', { name: 'Reject' }));
    await waitFor(() => {
      expect(bodies).toEqual([{ reason: 'blurry', note: 'Retake the front.' }]);
    });
    expect(
      await screen.findByText(/A photo was too blurry to read\. Retake the front\./, {}, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('shows who holds another operator’s claim, with no decision buttons', async () => {
    server.use(
      http.get(SUBMISSION, () =>
        success(
          kycReview({
            claim: {
              by_user_id: 'someone',
              by_name: 'Ada Eze',
              until: '2026-11-21T15:30:00.000Z',
              seen_at: null,
            },
          }),
        ),
      ),
    );
    renderApp(`/console/kyc/${ID}`, { preloadedState: operator() });
    expect(
      await screen.findByText(/Ada Eze is reviewing these documents/, {}, TIMEOUT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve: tier 3' })).not.toBeInTheDocument();
  });

  it('says when the documents cannot be loaded', async () => {
    server.use(http.get(SUBMISSION, () => failure(404, 'We could not find these documents.')));
    renderApp(`/console/kyc/${ID}`, { preloadedState: operator() });
    expect(
      await screen.findByText('We could not load these documents.', {}, TIMEOUT),
    ).toBeInTheDocument();
  });
});
