import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import { getLagosClockTime } from '@karta/shared/dates';
import {
  TRADE_REVIEW_MESSAGES,
  type AdminTrade,
  type ApproveTradeInput,
  type RejectTradeInput,
  type TradeClaim,
} from '@karta/shared/schemas/trades';
import { http } from 'msw';
import { api, failure, server, success, testUser } from './server';
import { makeTrade } from './trade-fixtures';

/** The seller of the review fixtures: never the signed-in operator (testUser). */
export const seller = {
  id: '9d7c1a52-3f0e-4b8a-a1c4-6e2b5d8f0a31',
  first_name: 'Tunde',
  last_name: 'Bakare',
  email: 'tunde.bakare@example.com',
};

/** The review target the fixtures' server applies (REVIEW_TARGET_MINUTES). */
const TARGET_MINUTES = 30;
const CLAIM_MS = 10 * 60_000;

/** Another operator, for claims that are not the signed-in one's. */
export const otherOperator = { id: 'op-ada-obi', first_name: 'Ada', last_name: 'Obi' };

/** A pending trade as GET /admin/trades/{id} returns it: nobody's claim, due 30 min after. */
export function makeAdminTrade(overrides: Partial<AdminTrade> = {}): AdminTrade {
  const trade = { ...makeTrade(), ...overrides };
  const due = new Date(new Date(trade.created_at).getTime() + TARGET_MINUTES * 60_000);
  return {
    user: seller,
    reviewed_by: null,
    adjustments: [],
    total_credited: null,
    claim: null,
    review_due_at: trade.status === 'pending' ? due.toISOString() : null,
    is_late: false,
    second_approval: null,
    duplicates: [],
    ...trade,
  };
}

/** A claim by `holder` (the other operator unless told) ending `minutes` from now. */
export const claimBy = (
  holder: TradeClaim['holder'] = otherOperator,
  minutes = 10,
): TradeClaim => ({
  holder,
  until: new Date(Date.now() + minutes * 60_000).toISOString(),
});

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
  /** Every claim and release, in order, by trade id. */
  const claimCalls: { action: 'claim' | 'release'; id: string }[] = [];
  const me = { id: operatorId, first_name: testUser.first_name, last_name: testUser.last_name };

  /** Another operator's claim that still lasts, as the server's 409. */
  const heldByOther = (trade: AdminTrade) => {
    const { claim } = trade;
    if (!claim || claim.holder.id === operatorId) return undefined;
    if (new Date(claim.until).getTime() <= Date.now()) return undefined;
    const name = `${claim.holder.first_name} ${claim.holder.last_name}`;
    return failure(
      409,
      TRADE_REVIEW_MESSAGES.claimedBy(name, getLagosClockTime(new Date(claim.until))),
      'id',
    );
  };

  const decide = (id: string, change: Partial<AdminTrade>) => {
    const trade = trades.get(id);
    if (!trade) return failure(404, 'Trade not found', 'id');
    if (trade.status !== 'pending')
      return failure(409, `This trade has already been ${trade.status}.`, 'id');
    const blocked = heldByOther(trade);
    if (blocked) return blocked;
    const status = change.status as 'approved' | 'rejected' | 'counter_offered';
    const decided: AdminTrade = {
      ...trade,
      ...change,
      reviewed_at: REVIEWED_AT,
      reviewed_by: operatorId,
      claim: null,
      review_due_at: null,
      timeline: [...trade.timeline, { status, at: REVIEWED_AT }],
    };
    trades.set(id, decided);
    return success(decided, status === 'approved' ? 'Trade approved' : 'Trade rejected.');
  };

  server.use(
    http.get(api('/admin/trades'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      listRequests.push(query);
      const isClaimable = query.get('claimable') === 'true';
      const status = isClaimable ? 'pending' : query.get('status');
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('size') ?? 10);
      const matching = [...trades.values()]
        .filter((trade) => !status || trade.status === status)
        .filter(
          (trade) =>
            !isClaimable || (trade.user.id !== operatorId && heldByOther(trade) === undefined),
        )
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
    http.post(api('/admin/trades/:id/claim'), ({ params }) => {
      const id = String(params.id);
      claimCalls.push({ action: 'claim', id });
      const trade = trades.get(id);
      if (!trade) return failure(404, 'Trade not found', 'id');
      if (trade.status !== 'pending')
        return failure(409, `This trade has already been ${trade.status}.`, 'id');
      const blocked = heldByOther(trade);
      if (blocked) return blocked;
      const claimed = {
        ...trade,
        claim: { holder: me, until: new Date(Date.now() + CLAIM_MS).toISOString() },
      };
      trades.set(id, claimed);
      return success(claimed, 'You are reviewing this trade.');
    }),
    http.post(api('/admin/trades/:id/release'), ({ params }) => {
      const id = String(params.id);
      claimCalls.push({ action: 'release', id });
      const trade = trades.get(id);
      if (!trade) return failure(404, 'Trade not found', 'id');
      const released = trade.claim?.holder.id === operatorId ? { ...trade, claim: null } : trade;
      trades.set(id, released);
      return success(released, 'Trade released.');
    }),
    http.post(api('/admin/trades/:id/approve'), async ({ request, params }) => {
      const body = (await request.json()) as ApproveTradeInput;
      approvals.push(body);
      const id = String(params.id);
      const expected = trades.get(id)?.expected_value ?? 0;
      // Below the expected value the server makes the seller an offer (decision 037).
      if (body.final_value !== undefined && body.final_value < expected) {
        return decide(id, {
          status: 'counter_offered',
          review_note: body.note ?? null,
          counter_offer: {
            value: body.final_value,
            note: body.note ?? null,
            expires_at: '2026-11-22T15:40:00.000Z',
            if_no_answer: 'decline',
            answer: null,
          },
        });
      }
      return decide(id, {
        status: 'approved',
        final_value: body.final_value ?? expected,
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
    claimCalls,
    trade: (id: string) => trades.get(id),
    /** Another operator decides behind this one's back. */
    setTrade: (trade: AdminTrade) => {
      trades.set(trade.id, trade);
    },
  };
}
