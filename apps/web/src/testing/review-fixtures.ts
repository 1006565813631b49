import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import type { AdminTrade, ApproveTradeInput, RejectTradeInput } from '@karta/shared/schemas/trades';
import { http } from 'msw';
import { api, failure, server, success } from './server';
import { makeTrade } from './trade-fixtures';

/** The seller of the review fixtures: never the signed-in operator (testUser). */
export const seller = {
  id: '9d7c1a52-3f0e-4b8a-a1c4-6e2b5d8f0a31',
  first_name: 'Tunde',
  last_name: 'Bakare',
  email: 'tunde.bakare@example.com',
};

/** A pending trade as GET /admin/trades/{id} returns it. */
export function makeAdminTrade(overrides: Partial<AdminTrade> = {}): AdminTrade {
  return {
    ...makeTrade(),
    user: seller,
    reviewed_by: null,
    adjustments: [],
    total_credited: null,
    ...overrides,
  };
}

const REVIEWED_AT = '2026-11-21T15:40:00.000Z';

/**
 * The review API over a list of trades: the queue (pending oldest first, the rest newest
 * first, pages of `size`), one trade, and approve and reject, which change the trade as the
 * server does (409 once it is decided). Every request is kept for the test to look at.
 */
export function serveReview(initial: AdminTrade[], operatorId: string) {
  const trades = new Map(initial.map((trade) => [trade.id, trade]));
  const listRequests: URLSearchParams[] = [];
  const approvals: ApproveTradeInput[] = [];
  const rejections: RejectTradeInput[] = [];

  const decide = (id: string, change: Partial<AdminTrade>) => {
    const trade = trades.get(id);
    if (!trade) return failure(404, 'Trade not found', 'id');
    if (trade.status !== 'pending')
      return failure(409, `This trade has already been ${trade.status}.`, 'id');
    const status = change.status as 'approved' | 'rejected';
    const decided: AdminTrade = {
      ...trade,
      ...change,
      reviewed_at: REVIEWED_AT,
      reviewed_by: operatorId,
      timeline: [...trade.timeline, { status, at: REVIEWED_AT }],
    };
    trades.set(id, decided);
    return success(decided, status === 'approved' ? 'Trade approved' : 'Trade rejected.');
  };

  server.use(
    http.get(api('/admin/trades'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      listRequests.push(query);
      const status = query.get('status');
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('size') ?? 10);
      const matching = [...trades.values()]
        .filter((trade) => !status || trade.status === status)
        .sort((a, b) =>
          status === 'pending'
            ? a.created_at.localeCompare(b.created_at)
            : b.created_at.localeCompare(a.created_at),
        );
      return success({
        data: matching.slice((page - 1) * size, page * size),
        meta: { page, size, total: matching.length, totalPages: Math.ceil(matching.length / size) },
      });
    }),
    http.get(api('/admin/trades/:id'), ({ params }) => {
      const trade = trades.get(String(params.id));
      return trade ? success(trade) : failure(404, 'Trade not found', 'id');
    }),
    http.post(api('/admin/trades/:id/approve'), async ({ request, params }) => {
      const body = (await request.json()) as ApproveTradeInput;
      approvals.push(body);
      const id = String(params.id);
      return decide(id, {
        status: 'approved',
        final_value: body.final_value ?? trades.get(id)?.expected_value ?? null,
        review_note: body.note ?? null,
      });
    }),
    http.post(api('/admin/trades/:id/reject'), async ({ request, params }) => {
      const body = (await request.json()) as RejectTradeInput;
      rejections.push(body);
      return decide(String(params.id), {
        status: 'rejected',
        rejection_code: body.reason,
        rejection_reason: TRADE_REJECTION_REASONS[body.reason],
        review_note: body.note ?? null,
      });
    }),
  );

  return {
    listRequests,
    approvals,
    rejections,
    /** Another operator decides behind this one's back. */
    setTrade: (trade: AdminTrade) => {
      trades.set(trade.id, trade);
    },
  };
}
