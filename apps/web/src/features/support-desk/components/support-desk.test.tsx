import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  SavedReply,
  StaffMessage,
  SupportConversation,
  SupportQueueItem,
} from '@karta/shared/schemas/support';
import { readForm } from '../../../testing/read-form';
import { renderApp, signedInState } from '../../../testing/render';
import { makeAdminTrade, serveReview } from '../../../testing/review-fixtures';
import { api, failure, server, success, testUser } from '../../../testing/server';

const TIMEOUT = { timeout: 5000 };
const operator = () => signedInState({ role: 'operator' });
const ID = '5b1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const item = (overrides: Partial<SupportQueueItem> = {}): SupportQueueItem => ({
  id: ID,
  status: 'open',
  trade: { id: 'trade-1', reference: 'KT-7K3M9QX2', status: 'pending' },
  seller: {
    id: '1b0e2f52-4b1c-4c1e-9d7a-5a8e3c2d1f00',
    first_name: 'Chiamaka',
    last_name: 'Okafor',
    email: 'chiamaka@example.com',
  },
  claim: null,
  waiting_since: '2026-11-21T13:10:00.000Z',
  waiting_minutes: 125,
  last_message_at: '2026-11-21T13:10:00.000Z',
  last_message_preview: 'Is my card being reviewed?',
  ...overrides,
});

const fromSeller: StaffMessage = {
  id: 'm-1',
  from: 'seller',
  author: 'Chiamaka Okafor',
  body: 'Is my card being reviewed?',
  photos: [],
  created_at: '2026-11-21T13:10:00.000Z',
};

const conversation = (overrides: Partial<SupportConversation> = {}): SupportConversation => ({
  ...item(),
  messages: [fromSeller],
  resolved_at: null,
  ...overrides,
});

/** The desk's API over one conversation: claim, reply and resolve change it as the server does. */
function serveDesk(initial: SupportConversation, replies: SavedReply[] = []) {
  let current = initial;
  const calls: string[] = [];
  const sent: FormData[] = [];
  const queueAsked: URLSearchParams[] = [];
  server.use(
    http.get(api('/admin/support'), ({ request }) => {
      queueAsked.push(new URL(request.url).searchParams);
      return success({
        data: [current].filter((row) => row.status === 'open'),
        meta: { page: 1, size: 20, total: 1, totalPages: 1 },
      });
    }),
    http.get(api(`/admin/support/${ID}`), () => success(current)),
    http.get(api('/admin/trades/:tradeId/conversation'), ({ params }) =>
      success(params.tradeId === current.trade?.id ? current : null),
    ),
    http.post(api(`/admin/support/${ID}/claim`), () => {
      calls.push('claim');
      current = {
        ...current,
        claim: {
          by_user_id: testUser.id,
          by_name: 'Me Operator',
          until: '2026-11-21T15:40:00.000Z',
          seen_at: null,
        },
      };
      return success(current);
    }),
    http.post(api(`/admin/support/${ID}/messages`), async ({ request }) => {
      const form = await readForm(request);
      sent.push(form);
      current = {
        ...current,
        status: 'waiting_for_seller',
        waiting_minutes: null,
        waiting_since: null,
        messages: [
          ...current.messages,
          {
            id: `m-${String(current.messages.length + 1)}`,
            from: 'karta',
            author: 'Ada Obi',
            body: form.get('body') as string,
            photos: [],
            created_at: '2026-11-21T14:00:00.000Z',
          },
        ],
      };
      return success(current, 'Message sent. The seller is told.');
    }),
    http.post(api(`/admin/support/${ID}/resolve`), () => {
      calls.push('resolve');
      if (current.status === 'resolved')
        return failure(409, 'This conversation is already resolved.');
      current = {
        ...current,
        status: 'resolved',
        claim: null,
        resolved_at: '2026-11-21T14:05:00.000Z',
      };
      return success(current);
    }),
    http.get(api('/admin/saved_replies'), () => success(replies)),
  );
  return { calls, sent, queueAsked };
}

describe('support desk', () => {
  it('lists waiting conversations, oldest waiting first, with the seller, the trade and the wait', async () => {
    const { queueAsked } = serveDesk(conversation());
    renderApp('/console/support', { preloadedState: operator() });
    const list = await screen.findByRole('list', { name: 'Conversations' }, TIMEOUT);
    expect(within(list).getByRole('link')).toHaveTextContent(
      'Chiamaka Okafor · Trade KT-7K3M9QX2Is my card being reviewed?waiting 2 h 5 min',
    );
    expect(queueAsked[0]?.get('status')).toBe('open');
    expect(screen.getByRole('link', { name: 'Support' })).toBeInTheDocument();
  });

  it('says when nobody is waiting', async () => {
    server.use(
      http.get(api('/admin/support'), () =>
        success({ data: [], meta: { page: 1, size: 20, total: 0, totalPages: 0 } }),
      ),
    );
    renderApp('/console/support', { preloadedState: operator() });
    expect(await screen.findByText('Nothing here', {}, TIMEOUT)).toBeVisible();
  });

  it('claims on opening (decision 078), replies with a saved reply, and resolves', async () => {
    const { calls, sent } = serveDesk(conversation(), [
      {
        id: 'r-1',
        title: 'Review time',
        body: 'Most cards are reviewed within 15 minutes.',
        updated_at: '2026-11-20T10:00:00.000Z',
      },
    ]);
    const { user } = renderApp(`/console/support/${ID}`, { preloadedState: operator() });
    const region = await screen.findByRole('region', { name: 'Conversation' }, TIMEOUT);
    await within(region).findByText('Is my card being reviewed?', {}, TIMEOUT);

    expect(await within(region).findByText(/You are answering until/, {}, TIMEOUT)).toBeVisible();

    await user.selectOptions(within(region).getByLabelText('Saved replies'), 'r-1');
    expect(within(region).getByLabelText('Reply to the seller')).toHaveValue(
      'Most cards are reviewed within 15 minutes.',
    );
    await user.click(within(region).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    }, TIMEOUT);
    expect(sent[0]?.get('body')).toBe('Most cards are reviewed within 15 minutes.');
    expect(await within(region).findByText('Waiting for the seller', {}, TIMEOUT)).toBeVisible();

    await user.click(within(region).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(region).findByText('Resolved', {}, TIMEOUT)).toBeVisible();
    expect(calls).toEqual(['claim', 'resolve']);
  });

  it('another operator’s claim hides the reply box and says who answers', async () => {
    serveDesk(
      conversation({
        claim: {
          by_user_id: 'op-ada-obi',
          by_name: 'Ada Obi',
          until: '2026-11-21T15:40:00.000Z',
          seen_at: null,
        },
      }),
    );
    renderApp(`/console/support/${ID}`, { preloadedState: operator() });
    const region = await screen.findByRole('region', { name: 'Conversation' }, TIMEOUT);
    expect(
      await within(region).findByText(/Ada Obi is answering until/, {}, TIMEOUT),
    ).toBeVisible();
    expect(within(region).queryByLabelText('Reply to the seller')).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Mark resolved' })).toBeNull();
  });

  it('the trade review page shows the conversation beside the trade', async () => {
    serveReview([makeAdminTrade()], testUser.id);
    serveDesk(conversation());
    renderApp('/console/trades/trade-1', { preloadedState: operator() });
    const panel = await screen.findByRole(
      'region',
      { name: 'Conversation with the seller' },
      TIMEOUT,
    );
    expect(await within(panel).findByText('Is my card being reviewed?', {}, TIMEOUT)).toBeVisible();
    expect(within(panel).getByLabelText('Reply to the seller')).toBeInTheDocument();
  });
});
