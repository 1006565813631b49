import type {
  SellerProfile,
  SellerSearchResult,
  SellerSummary,
} from '@karta/shared/schemas/sellers-desk';
import { http } from 'msw';
import { api, failure, server, success } from './server';
import { makeTrade, pageOf } from './trade-fixtures';
import { makeWithdrawal } from './withdrawal-fixtures';

/** A seller as the search lists them: never the signed-in operator (testUser). */
function makeSellerSummary(overrides: Partial<SellerSummary> = {}): SellerSummary {
  return {
    id: '3c9a4e1f-2b7d-4f60-8a1e-5d2c7b9f0e42',
    first_name: 'Bola',
    last_name: 'Adeyemi',
    email: 'bola.adeyemi@example.com',
    mobile_number: '+2348055550101',
    referral_code: 'BOLA4K2Z',
    role: 'user',
    status: 'active',
    kyc_verified: true,
    // 09:15 UTC is 10:15 in Lagos.
    created_at: '2026-10-02T09:15:00.000Z',
    ...overrides,
  };
}

export function makeSellerProfile(overrides: Partial<SellerProfile> = {}): SellerProfile {
  return {
    ...makeSellerSummary(),
    gender: 'Female',
    date_of_birth: '1994-07-11',
    bvn_last4: '4321',
    kyc_verified_at: '2026-10-03T11:00:00.000Z',
    kyc_tier: 2,
    nin_last4: '8765',
    two_factor_on: true,
    has_pin: true,
    pin_locked_until: null,
    wallet: { balance: 25_500.5, pending_withdrawals: 1_050, currency: 'NGN' },
    statement: pageOf([
      {
        id: 'entry-1',
        kind: 'trade_credit',
        description: 'Trade KT-7K3M9QX2 approved',
        amount: 118_000,
        balance_after: 118_000,
        reference: 'KT-7K3M9QX2',
        created_at: '2026-11-21T14:00:00.000Z',
      },
    ]),
    trades: pageOf([makeTrade({ status: 'rejected' })], { total: 14 }),
    withdrawals: pageOf([makeWithdrawal()]),
    referrals: { ...pageOf([]), total_earned: 0 },
    sessions: [
      {
        device: 'web',
        signed_in_at: '2026-11-24T08:00:00.000Z',
        last_active_at: '2026-11-24T09:30:00.000Z',
        expires_at: '2026-12-01T09:30:00.000Z',
      },
    ],
    flags: { rejected_trades_30_days: 3, duplicate_cards: 2 },
    actions: [],
    account_approvals: [],
    ...overrides,
  };
}

/** A seller's pending request to withdraw to an account in another name (decision 064). */
export const pendingAccountApproval = {
  id: 'approval-1',
  bank_name: 'Guaranty Trust Bank',
  account_number: '9994000017',
  account_name: 'ADEYEMI BOLA VENTURES',
  status: 'pending',
  created_at: '2026-11-24T09:00:00.000Z',
  decided_at: null,
  decided_by_name: null,
  note: null,
} as const satisfies SellerProfile['account_approvals'][number];

/**
 * The sellers desk API over one seller: the search (prefix of e-mail or name), the page, and
 * the three actions, which change the seller as the server does. Requests are kept.
 */
export function serveSellers(initial: SellerProfile = makeSellerProfile()) {
  let seller = initial;
  const requests: { url: string; body: unknown }[] = [];
  server.use(
    http.get(api('/admin/users'), ({ request }) => {
      const url = new URL(request.url);
      requests.push({ url: url.pathname + url.search, body: null });
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const hits = [seller].filter(
        (each) =>
          each.email.startsWith(q) ||
          `${each.first_name} ${each.last_name}`.toLowerCase().startsWith(q),
      );
      const result: SellerSearchResult = {
        data: hits,
        meta: { page: 1, size: 20, total: hits.length, totalPages: hits.length ? 1 : 0 },
        is_capped: false,
      };
      return success(result);
    }),
    http.get(api('/admin/users/:id'), ({ params }) =>
      params.id === seller.id ? success(seller) : failure(404, 'We could not find this account.'),
    ),
    // Approve or decline a request for an account in another name (decision 064).
    http.post(
      api('/admin/users/:id/account_approvals/:approvalId/:verb'),
      async ({ request, params }) => {
        const body = (await request.json()) as { note: string };
        requests.push({ url: new URL(request.url).pathname, body });
        const approved = params.verb === 'approve';
        seller = {
          ...seller,
          account_approvals: seller.account_approvals.map((each) =>
            each.id === params.approvalId
              ? {
                  ...each,
                  status: approved ? 'approved' : 'declined',
                  note: body.note,
                  decided_by_name: 'Amaka Obi',
                  decided_at: '2026-11-25T10:00:00.000Z',
                }
              : each,
          ),
          actions: [
            {
              id: `action-${String(seller.actions.length + 1)}`,
              action: approved ? 'account_approval.approved' : 'account_approval.declined',
              actor_name: 'Amaka Obi',
              reason: body.note,
              created_at: '2026-11-25T10:00:00.000Z',
            },
            ...seller.actions,
          ],
        };
        return success(seller, 'Done');
      },
    ),
    // An admin lowers the KYC tier (decision 063): the page comes back with the new tier.
    http.post(api('/admin/users/:id/lower_kyc_tier'), async ({ request }) => {
      const body = (await request.json()) as { tier: number; reason: string };
      requests.push({ url: new URL(request.url).pathname, body });
      seller = { ...seller, kyc_tier: body.tier };
      return success(seller, 'KYC tier lowered. The seller has been told.');
    }),
    // An admin resets two-step sign-in (decisions 061, 062): nothing answered, the page refetched.
    http.post(api('/admin/users/:id/reset_two_factor'), async ({ request }) => {
      const body = (await request.json()) as { reason: string };
      requests.push({ url: new URL(request.url).pathname, body });
      seller = { ...seller, two_factor_on: false, sessions: [] };
      return success(null, 'Two-step sign-in reset. Every session of the account has ended.');
    }),
    http.post(api('/admin/users/:id/:action'), async ({ request, params }) => {
      const body = (await request.json()) as { reason: string };
      requests.push({ url: new URL(request.url).pathname, body });
      const action = String(params.action);
      const status =
        action === 'suspend' ? 'suspended' : action === 'unsuspend' ? 'active' : seller.status;
      seller = {
        ...seller,
        status,
        sessions: action === 'suspend' ? [] : seller.sessions,
        pin_locked_until: action === 'unlock_pin' ? null : seller.pin_locked_until,
        actions: [
          {
            id: `action-${String(seller.actions.length + 1)}`,
            action:
              { suspend: 'user.suspended', unsuspend: 'user.unsuspended' }[action] ??
              'pin.unlocked',
            actor_name: 'Amaka Obi',
            reason: body.reason,
            created_at: '2026-11-25T10:00:00.000Z',
          },
          ...seller.actions,
        ],
      };
      return success(seller, 'Done');
    }),
  );
  return { requests, current: () => seller };
}
