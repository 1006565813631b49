import type {
  ConsoleOverview,
  ResolvePayoutAlertInput,
} from '@karta/shared/schemas/console-overview';
import type { PayoutAlert } from '@karta/shared/schemas/withdrawal-desk';
import { http } from 'msw';
import { api, failure, server, success } from './server';

/** An open "paid after refund" alert on a failed withdrawal; override what a test is about. */
export function makePayoutAlert(overrides: Partial<PayoutAlert> = {}): PayoutAlert {
  return {
    id: '2b4c6d8e-0000-4000-8000-00000000a1e7',
    withdrawal_id: '6f1c2d3e-0000-4000-8000-000000000001',
    transaction_id: 'wd_6f1c2d3e000040008000000000000001',
    kind: 'paid_after_refund',
    detail: 'The provider reports this payout paid after it was failed and refunded.',
    created_at: '2026-11-21T12:40:00.000Z',
    resolved_at: null,
    ...overrides,
  };
}

/** A busy mid-afternoon in Lagos (14:02 on 21 Nov 2026); override what a test is about. */
export function makeOverview(overrides: Partial<ConsoleOverview> = {}): ConsoleOverview {
  return {
    as_of: '2026-11-21T13:02:00.000Z',
    lagos_day: '2026-11-21',
    trades: {
      pending: 7,
      oldest_pending_at: '2026-11-21T12:20:00.000Z',
      info_requested: 2,
      awaiting_second_approval: 1,
      approved_today: 41,
      rejected_today: 6,
      credited_today: 4_912_500.5,
      decision_times: { decided: 47, median_seconds: 720, p90_seconds: 2_400 },
    },
    referrals: { rewarded_today: 3, rewards_today: 1_500 },
    withdrawals: {
      pending: 2,
      processing: 5,
      in_flight: 7,
      float: 312_000,
      stuck: 1,
      paid_today: 28,
      paid_today_amount: 2_100_000,
      failed_today: 2,
      failed_today_amount: 55_000,
    },
    accounts: { new_today: 12 },
    support: { open: 0, oldest_waiting_since: null },
    payout_alerts: { open_count: 0, open: [] },
    ...overrides,
  };
}

/**
 * The overview's API: each GET answers the next of `answers` (the last one again once they run
 * out; an Error answers 500), and resolve closes an open alert once (409 after). Requests are
 * kept for the test to look at.
 */
export function serveOverview(
  answers: (ConsoleOverview | Error)[],
  /** Holds the first answer until it settles: a test can see what shows while it loads. */
  options: { firstAnswerAfter?: Promise<unknown> } = {},
) {
  let calls = 0;
  const resolved: { id: string; body: ResolvePayoutAlertInput }[] = [];
  server.use(
    http.get(api('/admin/overview'), async () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (calls === 1) await options.firstAnswerAfter;
      if (!answer || answer instanceof Error) {
        return failure(500, 'Something went wrong on our side. Please try again in a moment.');
      }
      return success(answer, 'Overview');
    }),
    http.post(api('/admin/payout_alerts/:id/resolve'), async ({ params, request }) => {
      const id = String(params.id);
      if (resolved.some((each) => each.id === id)) {
        return failure(409, 'This alert was already resolved.');
      }
      const body = (await request.json()) as ResolvePayoutAlertInput;
      resolved.push({ id, body });
      return success(
        makePayoutAlert({ id, resolved_at: '2026-11-21T13:05:00.000Z' }),
        'Alert resolved.',
      );
    }),
  );
  return { resolved, calls: () => calls };
}
