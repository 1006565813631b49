import {
  DeskWithdrawalSchema,
  type DeskWithdrawal,
  type DeskWithdrawalDetail,
  type FailWithdrawalInput,
  type WithdrawalDeskSummary,
} from '@karta/shared/schemas/withdrawal-desk';
import { http } from 'msw';
import { api, failure, server, success } from './server';
import { makeWithdrawal } from './withdrawal-fixtures';

const seller = {
  id: '9d7c1a52-3f0e-4b8a-a1c4-6e2b5d8f0a31',
  first_name: 'Amaka',
  last_name: 'Obi',
  email: 'amaka.obi@example.com',
};

/** A processing payout as the money desk's detail returns it; override what a test is about. */
export function makeDeskWithdrawal(
  overrides: Partial<DeskWithdrawalDetail> = {},
): DeskWithdrawalDetail {
  return {
    ...makeWithdrawal({ status: 'processing' }),
    user: seller,
    provider: 'sandbox',
    provider_reason: null,
    processing_at: '2026-11-21T13:03:00.000Z',
    attempts: 1,
    is_stuck: false,
    has_open_alert: false,
    recipient_code: 'RCP_sandbox1',
    movements: [
      {
        id: 'mv-1',
        kind: 'withdrawal_hold',
        description: 'Withdrawal held',
        created_at: '2026-11-21T13:02:00.000Z',
        postings: [
          { account: 'user_wallet', amount: -25_050 },
          { account: 'user_withdrawal_hold', amount: 25_050 },
        ],
      },
    ],
    events: [
      {
        at: '2026-11-21T13:02:00.000Z',
        source: 'withdrawal',
        title: 'Requested by the seller',
        detail: null,
      },
      {
        at: '2026-11-21T13:03:00.000Z',
        source: 'provider',
        title: 'Provider: transfer pending',
        detail: 'asked by the payout worker',
      },
    ],
    alerts: [],
    can_fail: false,
    ...overrides,
  };
}

/** The list's shape: the detail without what only the detail carries. */
const listItem = (detail: DeskWithdrawalDetail): DeskWithdrawal =>
  DeskWithdrawalSchema.parse(detail);

/**
 * The money desk's API over a list of withdrawals: the list (by status, and `q` matching the
 * reference, account number or e-mail), the summary, one withdrawal, re-check (which applies
 * `recheckTo`) and fail (409 once final). Every request is kept for the test to look at; `put`
 * changes a withdrawal as the server would.
 */
export function serveMoneyDesk(
  initial: DeskWithdrawalDetail[],
  options: { recheckTo?: Partial<DeskWithdrawalDetail>; summary?: WithdrawalDeskSummary } = {},
) {
  const rows = new Map(initial.map((row) => [row.id, row]));
  const listRequests: URLSearchParams[] = [];
  const fails: { body: FailWithdrawalInput; key: string | null }[] = [];
  server.use(
    http.get(api('/admin/withdrawals'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      listRequests.push(query);
      const status = query.get('status');
      const q = query.get('q')?.toLowerCase();
      const matching = [...rows.values()]
        .filter((row) =>
          status === 'stuck'
            ? row.is_stuck
            : status === 'reversed'
              ? row.reversed_at !== null
              : !status || row.status === status,
        )
        .filter((row) => !q || [row.transaction_id, row.account_number, row.user.email].includes(q))
        .map(listItem);
      return success({
        data: matching,
        meta: { page: 1, size: 20, total: matching.length, totalPages: 1 },
      });
    }),
    http.get(api('/admin/withdrawals/summary'), () =>
      success(options.summary ?? { stuck_count: 0, open_alert_count: 0, open_alerts: [] }),
    ),
    http.get(api('/admin/withdrawals/:id'), ({ params }) => {
      const row = rows.get(String(params.id));
      return row ? success(row) : failure(404, 'We could not find this withdrawal.', 'id');
    }),
    http.post(api('/admin/withdrawals/:id/recheck'), ({ params }) => {
      const row = rows.get(String(params.id));
      if (!row) return failure(404, 'We could not find this withdrawal.', 'id');
      const next = { ...row, ...options.recheckTo };
      rows.set(row.id, next);
      return success(next, `Re-checked with the provider: the withdrawal is ${next.status}.`);
    }),
    http.post(api('/admin/withdrawals/:id/fail'), async ({ request, params }) => {
      const row = rows.get(String(params.id));
      if (!row) return failure(404, 'We could not find this withdrawal.', 'id');
      fails.push({
        body: (await request.json()) as FailWithdrawalInput,
        key: request.headers.get('idempotency-key'),
      });
      if (row.status !== 'processing' && row.status !== 'pending') {
        return failure(
          409,
          `This withdrawal is already ${row.status}; nothing was refunded.`,
          'id',
        );
      }
      const next: DeskWithdrawalDetail = {
        ...row,
        status: 'failed',
        is_stuck: false,
        can_fail: false,
        failure_reason: 'We stopped this payout because the bank did not confirm it.',
      };
      rows.set(row.id, next);
      return success(next, 'Payout failed and the money returned to the seller’s wallet.');
    }),
  );
  return {
    listRequests,
    fails,
    /** A withdrawal changed on the server (a new request, a payout's outcome). */
    put(row: DeskWithdrawalDetail) {
      rows.set(row.id, row);
    },
  };
}
