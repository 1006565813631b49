import { TRADE_REJECTION_REASONS } from '@karta/shared/constants';
import { getLagosClockTime } from '@karta/shared/dates';
import { FOUR_EYES_MESSAGES, fourEyesReasonText } from '@karta/shared/four-eyes';
import {
  TRADE_DECISION_ANSWERS,
  TRADE_REVIEW_MESSAGES,
  type AdjustTradeInput,
  type AdminTrade,
  type TradeAdjustment,
  type ApproveTradeInput,
  type RejectTradeInput,
  type TradeClaim,
} from '@karta/shared/schemas/trades';
import { http, HttpResponse } from 'msw';
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

/**
 * A claim by `holder` (the other operator unless told) ending `minutes` from now, whose page
 * was last heard from `silentSeconds` ago (just now unless told).
 */
export const claimBy = (
  holder: TradeClaim['holder'] = otherOperator,
  minutes = 10,
  silentSeconds = 0,
): TradeClaim => ({
  holder,
  until: new Date(Date.now() + minutes * 60_000).toISOString(),
  seen_at: new Date(Date.now() - silentSeconds * 1000).toISOString(),
});

/** The release token the fixtures' server hands out with its n-th claim. */
export const releaseTokenOf = (n: number) => `release-token-${String(n)}`;

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
  /** Every claim call (claim, heartbeat, take-over, release), in order, by trade id. */
  const claimCalls: { action: 'claim' | 'release' | 'heartbeat' | 'take_over'; id: string }[] = [];
  let tokensGiven = 0;
  /** The claim this operator takes now, and its release token. */
  const claimedNow = (trade: AdminTrade) => {
    tokensGiven += 1;
    const claimed = {
      ...trade,
      claim: {
        holder: me,
        until: new Date(Date.now() + CLAIM_MS).toISOString(),
        seen_at: new Date().toISOString(),
      },
    };
    trades.set(trade.id, claimed);
    return success(
      { ...claimed, release_token: releaseTokenOf(tokensGiven) },
      'You are reviewing this trade.',
    );
  };
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
        // The awaiting tab also lists approved trades whose adjustment waits (decision 049).
        .filter(
          (trade) =>
            !status ||
            trade.status === status ||
            (status === 'awaiting_second_approval' && trade.is_waiting_second_approval),
        )
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
      return claimedNow(trade);
    }),
    http.post(api('/admin/trades/:id/take_over'), ({ params }) => {
      const id = String(params.id);
      claimCalls.push({ action: 'take_over', id });
      const trade = trades.get(id);
      if (!trade) return failure(404, 'Trade not found', 'id');
      const { claim } = trade;
      const isHeard = claim?.seen_at && Date.now() - new Date(claim.seen_at).getTime() < 60_000;
      if (heldByOther(trade) && claim && isHeard) {
        const name = `${claim.holder.first_name} ${claim.holder.last_name}`;
        return failure(409, TRADE_REVIEW_MESSAGES.stillActive(name), 'id');
      }
      return claimedNow(trade);
    }),
    http.post(api('/admin/trades/:id/heartbeat'), ({ params }) => {
      const id = String(params.id);
      claimCalls.push({ action: 'heartbeat', id });
      const trade = trades.get(id);
      if (!trade) return failure(404, 'Trade not found', 'id');
      const { claim } = trade;
      if (claim?.holder.id !== operatorId) {
        const message = claim
          ? TRADE_REVIEW_MESSAGES.claimLostTo(
              `${claim.holder.first_name} ${claim.holder.last_name}`,
            )
          : TRADE_REVIEW_MESSAGES.CLAIM_ENDED;
        return HttpResponse.json(
          { status: 'error', code: 'CLAIM_LOST', message, errors: [{ field: 'id', message }] },
          { status: 409 },
        );
      }
      const kept = {
        until: new Date(Date.now() + CLAIM_MS).toISOString(),
        seen_at: new Date().toISOString(),
      };
      trades.set(id, { ...trade, claim: { ...claim, ...kept } });
      return success(kept, 'You are reviewing this trade.');
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

/** FOUR_EYES_KOBO's default in naira: an adjustment of this much or more waits. */
const FOUR_EYES_NAIRA = 500_000;

/** An approved trade as the console reads it: credited its expected value, nothing added yet. */
export function makeApprovedTrade(overrides: Partial<AdminTrade> = {}): AdminTrade {
  return makeAdminTrade({
    status: 'approved',
    final_value: 118_000,
    total_credited: 118_000,
    reviewed_at: REVIEWED_AT,
    reviewed_by: otherOperator.id,
    review_due_at: null,
    timeline: [
      { status: 'submitted', at: '2026-11-21T13:02:00.000Z' },
      { status: 'approved', at: REVIEWED_AT },
    ],
    ...overrides,
  });
}

/** An admin's addition to a trade's credit, waiting for a second admin unless told. */
export function makeAdjustment(overrides: Partial<TradeAdjustment> = {}): TradeAdjustment {
  return {
    id: 'adj-1',
    amount: 600_000,
    reason: 'Card balance re-read: $600 more',
    adjusted_by: otherOperator.id,
    adjusted_by_name: `${otherOperator.first_name} ${otherOperator.last_name}`,
    created_at: '2026-11-21T16:00:00.000Z',
    status: 'awaiting_second_approval',
    four_eyes_reason: fourEyesReasonText('large_credit', '₦500,000.00'),
    decided_by_name: null,
    decided_at: null,
    return_reason: null,
    ...overrides,
  };
}

/** A trade's adjustments changed: its total and whether a credit waits, as the server says. */
function withAdjustments(trade: AdminTrade, adjustments: TradeAdjustment[]): AdminTrade {
  const added = adjustments
    .filter((each) => each.status === 'credited')
    .reduce((sum, each) => sum + each.amount, 0);
  return {
    ...trade,
    adjustments,
    total_credited: (trade.final_value ?? 0) + added,
    is_waiting_second_approval: adjustments.some(
      (each) => each.status === 'awaiting_second_approval',
    ),
  };
}

/**
 * The adjustment steps over serveReview's trades: add (one adjustment per Idempotency-Key;
 * FOUR_EYES_NAIRA or more waits), confirm (refused to its author, 409 SAME_APPROVER) and send
 * back. Each request is kept with its key.
 */
export function serveAdjustments(review: ReturnType<typeof serveReview>, operatorId: string) {
  const adds: { key: string | null; body: AdjustTradeInput }[] = [];
  const decisions: { step: 'confirm' | 'return'; id: string; body: unknown }[] = [];
  const byKey = new Map<string, TradeAdjustment>();
  const me = `${testUser.first_name} ${testUser.last_name}`;
  const DECIDED_AT = '2026-11-21T16:30:00.000Z';

  const decide = (tradeId: string, adjustmentId: string, change: Partial<TradeAdjustment>) => {
    const trade = review.trade(tradeId);
    const adjustment = trade?.adjustments.find((each) => each.id === adjustmentId);
    if (!trade || !adjustment) return undefined;
    const next = withAdjustments(
      trade,
      trade.adjustments.map((each) =>
        each.id === adjustmentId
          ? { ...each, ...change, decided_by_name: me, decided_at: DECIDED_AT }
          : each,
      ),
    );
    review.setTrade(next);
    return next;
  };

  server.use(
    http.post(api('/admin/trades/:id/adjust'), async ({ request, params }) => {
      const key = request.headers.get('idempotency-key');
      const body = (await request.json()) as AdjustTradeInput;
      adds.push({ key, body });
      const trade = review.trade(String(params.id));
      if (!trade) return failure(404, 'Trade not found', 'id');
      if (!key) return failure(400, 'Send an Idempotency-Key header', 'idempotency_key');
      const known = byKey.get(key);
      const isWaiting = body.amount >= FOUR_EYES_NAIRA;
      const adjustment =
        known ??
        makeAdjustment({
          id: `adj-${String(byKey.size + 1)}`,
          amount: body.amount,
          reason: body.reason,
          adjusted_by: operatorId,
          adjusted_by_name: me,
          status: isWaiting ? 'awaiting_second_approval' : 'credited',
          four_eyes_reason: isWaiting ? fourEyesReasonText('large_credit', '₦500,000.00') : null,
        });
      const next = known ? trade : withAdjustments(trade, [...trade.adjustments, adjustment]);
      byKey.set(key, adjustment);
      review.setTrade(next);
      return success(
        { ...next, adjustment },
        adjustment.status === 'awaiting_second_approval'
          ? TRADE_DECISION_ANSWERS.ADJUSTMENT_WAITING
          : TRADE_DECISION_ANSWERS.ADJUSTMENT_CREDITED,
      );
    }),
    http.post(api('/admin/trades/:id/adjustments/:adjustmentId/confirm'), ({ params }) => {
      const [id, adjustmentId] = [String(params.id), String(params.adjustmentId)];
      decisions.push({ step: 'confirm', id: adjustmentId, body: null });
      const waiting = review.trade(id)?.adjustments.find((each) => each.id === adjustmentId);
      if (waiting?.adjusted_by === operatorId) {
        return HttpResponse.json(
          {
            status: 'error',
            code: 'SAME_APPROVER',
            message: FOUR_EYES_MESSAGES.SAME_ADJUSTER,
            errors: [{ field: 'adjustment_id', message: FOUR_EYES_MESSAGES.SAME_ADJUSTER }],
          },
          { status: 409 },
        );
      }
      const next = decide(id, adjustmentId, { status: 'credited' });
      return next
        ? success(next, TRADE_DECISION_ANSWERS.ADJUSTMENT_CONFIRMED)
        : failure(404, 'We could not find that adjustment on this trade.', 'adjustment_id');
    }),
    http.post(
      api('/admin/trades/:id/adjustments/:adjustmentId/return'),
      async ({ request, params }) => {
        const body = (await request.json()) as { reason: string };
        const [id, adjustmentId] = [String(params.id), String(params.adjustmentId)];
        decisions.push({ step: 'return', id: adjustmentId, body });
        const next = decide(id, adjustmentId, { status: 'returned', return_reason: body.reason });
        return next
          ? success(next, TRADE_DECISION_ANSWERS.ADJUSTMENT_RETURNED)
          : failure(404, 'We could not find that adjustment on this trade.', 'adjustment_id');
      },
    ),
  );
  return { adds, decisions };
}
