import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  SellerConversation,
  SellerConversationDetail,
  SellerMessage,
} from '@karta/shared/schemas/support';
import type { Trade } from '@karta/shared/schemas/trades';
import { readForm } from '../../../testing/read-form';
import { renderApp, signedInState } from '../../../testing/render';
import { api, failure, server, success, testUser } from '../../../testing/server';
import { makeTrade, photoFile } from '../../../testing/trade-fixtures';

const TIMEOUT = { timeout: 5000 };
const trade = makeTrade();
const TRADE_PAGE = `/dashboard/transaction-history/trades/${trade.id}`;
const CONVERSATION_ID = '3f0c6a53-7a52-4d0a-9c3e-6a1e2f4b5c6d';

const message = (overrides: Partial<SellerMessage> = {}): SellerMessage => ({
  id: `m-${String(Math.random()).slice(2)}`,
  from: 'seller',
  author: 'You',
  body: 'Is my card being reviewed?',
  photos: [],
  created_at: '2026-11-21T13:10:00.000Z',
  ...overrides,
});

const conversation = (overrides: Partial<SellerConversation> = {}): SellerConversation => ({
  id: CONVERSATION_ID,
  status: 'waiting_for_seller',
  trade: { id: trade.id, reference: trade.reference },
  unread_count: 1,
  last_message_at: '2026-11-21T13:20:00.000Z',
  last_message_preview: 'Yes, we are on it.',
  created_at: '2026-11-21T13:10:00.000Z',
  ...overrides,
});

const page = (data: unknown[], extra: Record<string, unknown> = {}) =>
  success({
    data,
    meta: { page: 1, size: 20, total: data.length, totalPages: data.length ? 1 : 0 },
    ...extra,
  });

function serveTrade(shown: Trade) {
  server.use(
    http.get(api(`/trade/fetch_trade/${testUser.id}`), ({ request }) =>
      new URL(request.url).searchParams.get('trade_id') === shown.id
        ? success(shown)
        : failure(404, 'Trade not found'),
    ),
  );
}

/** The seller's side of the API: conversations, one thread, sending, reading. */
function serveSupport(initial: SellerConversation[], messages: SellerMessage[]) {
  let conversations = initial;
  let thread = messages;
  const sent: FormData[] = [];
  const reads: unknown[] = [];
  server.use(
    http.get(api(`/support/conversations/${testUser.id}`), () =>
      page(conversations, {
        unread_count: conversations.reduce((sum, row) => sum + row.unread_count, 0),
      }),
    ),
    http.get(api(`/support/conversations/${testUser.id}/:id`), ({ params }) => {
      const found = conversations.find((row) => row.id === params.id);
      if (!found) return failure(404, 'We could not find this conversation.');
      const detail: SellerConversationDetail = {
        ...found,
        messages: {
          data: [...thread].reverse(),
          meta: { page: 1, size: 50, total: thread.length, totalPages: 1 },
        },
      };
      return success(detail);
    }),
    http.post(api(`/support/messages/${testUser.id}`), async ({ request }) => {
      const form = await readForm(request);
      sent.push(form);
      if (form.get('body') === 'fail') {
        return failure(400, 'A message can be at most 2,000 characters.', 'body');
      }
      const mine = message({
        body: form.get('body') as string,
        created_at: '2026-11-21T14:00:00.000Z',
      });
      thread = [...thread, mine];
      const row = conversation({
        id: conversations[0]?.id ?? CONVERSATION_ID,
        status: 'open',
        unread_count: 0,
        trade: form.get('trade_id') ? { id: trade.id, reference: trade.reference } : null,
      });
      conversations = [row];
      return success({ conversation: row, message: mine }, 'Message sent.');
    }),
    http.post(api(`/support/read/${testUser.id}`), async ({ request }) => {
      reads.push(await request.json());
      conversations = conversations.map((row) => ({ ...row, unread_count: 0 }));
      return success(conversations[0]);
    }),
  );
  return { sent, reads };
}

describe('the trade page’s conversation with the Karta team', () => {
  it('before anyone wrote: asks for a question, refuses an empty one, sends words and photos about the trade', async () => {
    serveTrade(trade);
    const { sent } = serveSupport([], []);
    const { user } = renderApp(TRADE_PAGE, { preloadedState: signedInState() });
    const panel = await screen.findByRole(
      'region',
      { name: 'Messages with the Karta team' },
      TIMEOUT,
    );
    // The region shows before its conversations have loaded: wait for its words.
    await within(panel).findByText(/A question about this trade\?/, {}, TIMEOUT);

    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(within(panel).getByText('Write a message or add a photo.')).toBeVisible();
    expect(sent).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Your question'), 'When will it be done?');
    await user.upload(
      within(panel).getByLabelText('Choose photos'),
      [1, 2, 3, 4].map((n) => photoFile(`receipt-${String(n)}.jpg`)),
    );
    expect(within(panel).getByText('3 of 3 photos added')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    await waitFor(() => {
      expect(sent).toHaveLength(1);
    }, TIMEOUT);
    expect(sent[0]?.get('trade_id')).toBe(trade.id);
    expect(sent[0]?.get('body')).toBe('When will it be done?');
    expect(sent[0]?.getAll('photos')).toHaveLength(3);
    // The thread replaces the first-question box once the conversation exists.
    const messages = await within(panel).findByRole('list', { name: 'Messages' }, TIMEOUT);
    expect(messages).toHaveTextContent('When will it be done?');
  });

  it('shows the thread oldest first, signed "Karta team", marks it read, and shows a refused reply beside the box', async () => {
    serveTrade(trade);
    const { sent, reads } = serveSupport(
      [conversation()],
      [
        message({ body: 'Is my card being reviewed?' }),
        message({
          from: 'karta',
          author: 'Karta team',
          body: 'Yes, we are on it.',
          created_at: '2026-11-21T13:20:00.000Z',
        }),
      ],
    );
    const { user } = renderApp(TRADE_PAGE, { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: 'Messages' }, TIMEOUT);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'You · 21 Nov 2026, 14:10Is my card being reviewed?',
      'Karta team · 21 Nov 2026, 14:20Yes, we are on it.',
    ]);
    await waitFor(() => {
      expect(reads).toEqual([{ conversation_id: CONVERSATION_ID }]);
    }, TIMEOUT);

    await user.type(screen.getByLabelText('Reply to the Karta team'), 'fail');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    }, TIMEOUT);
    expect(
      await screen.findByText('A message can be at most 2,000 characters.', {}, TIMEOUT),
    ).toBeVisible();
    expect(sent[0]?.get('conversation_id')).toBe(CONVERSATION_ID);
  });

  it('lets the seller dispute a rejection: the link leads to the conversation, which asks why', async () => {
    const rejected = makeTrade({
      // Its own trade: nothing it sends is read by the other tests' trade.
      id: '7d1e2c3b-4a5f-4e6d-8c7b-9a0b1c2d3e4f',
      status: 'rejected',
      rejection_code: 'unclear_image',
      rejection_reason: 'The card photo is not clear enough to read.',
    });
    serveTrade(rejected);
    const { sent } = serveSupport([], []);
    const { user } = renderApp(`/dashboard/transaction-history/trades/${rejected.id}`, {
      preloadedState: signedInState(),
    });
    const why = await screen.findByRole('region', { name: 'Why the trade was rejected' }, TIMEOUT);
    const dispute = within(why).getByRole('link', { name: 'Dispute this rejection' });
    const target = dispute.getAttribute('href')?.slice(1) ?? '';
    const panel = await screen.findByRole(
      'region',
      { name: 'Messages with the Karta team' },
      TIMEOUT,
    );
    expect(document.getElementById(target)).toContainElement(panel);
    // The region shows before its conversations have loaded: wait for its words.
    await within(panel).findByText(/Think the rejection is wrong\?/, {}, TIMEOUT);
    await user.type(
      within(panel).getByLabelText('Why the rejection is wrong'),
      'The code is readable in the second photo.',
    );
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    }, TIMEOUT);
    expect(sent[0]?.get('trade_id')).toBe(rejected.id);
  });
});

describe('Messages', () => {
  it('says when there are no messages yet, and starts a general conversation', async () => {
    const { sent } = serveSupport([], []);
    const { user } = renderApp('/dashboard/messages', { preloadedState: signedInState() });
    expect(await screen.findByText('No messages yet', {}, TIMEOUT)).toBeVisible();
    await user.type(screen.getByLabelText('Your message'), 'How long do withdrawals take?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    }, TIMEOUT);
    expect(sent[0]?.get('trade_id')).toBeNull();
    expect(sent[0]?.get('conversation_id')).toBeNull();
    // The new conversation opens.
    expect(
      await screen.findByRole('link', { name: '← All messages' }, TIMEOUT),
    ).toBeInTheDocument();
  });

  it('lists conversations with their unread count and status, and is in the menu', async () => {
    serveSupport([conversation({ unread_count: 2 })], []);
    renderApp('/dashboard/messages', { preloadedState: signedInState() });
    const list = await screen.findByRole('list', { name: 'Conversations' }, TIMEOUT);
    expect(within(list).getByRole('link')).toHaveTextContent(
      `Trade ${trade.reference}2 unreadThe Karta team answered`,
    );
    expect(screen.getAllByRole('link', { name: /Messages/ }).length).toBeGreaterThan(0);
  });
});
