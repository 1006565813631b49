import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '@karta/shared/schemas/users';

/** A user as the API returns it. */
export const testUser: User = {
  id: '5b0f3c1e-8f7a-4a53-9a57-2f3c1d9e7a10',
  first_name: 'Amaka',
  last_name: 'Obi',
  email: 'amaka.obi@example.com',
  mobile_number: '+2348031234567',
  gender: 'Female',
  date_of_birth: '1996-05-20',
  referral_code: 'AMAK7Q2X',
  role: 'user',
  has_pin: true,
  kyc_verified: false,
  auto_withdrawal: {
    enabled: false,
    beneficiary_account_id: null,
    changed_at: null,
    stopped_reason: null,
  },
  created_at: '2026-11-01T09:30:00.000Z',
};

/** A JWT-shaped token whose `exp` is `secondsFromNow` away (the client only reads `exp`). */
export function makeToken(secondsFromNow = 900): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: testUser.id, exp })}.signature`;
}

export const api = (path: string) => `http://localhost:3000/api/v1${path}`;

export const success = (data: unknown, message = 'OK') =>
  HttpResponse.json({ status: 'success', message, data });

export const failure = (status: number, message: string, field: string | null = null) =>
  HttpResponse.json({ status: 'error', message, errors: [{ field, message }] }, { status });

/**
 * The API as MSW answers it by default: nobody is signed in, and a signed-in account has no
 * trades, no withdrawals, no money and no referrals yet. Tests add what they need.
 */
const defaultHandlers = [
  http.get(api('/trade/fetch_trade/:userId'), ({ request }) =>
    new URL(request.url).searchParams.has('trade_id')
      ? failure(404, 'Trade not found')
      : success({ data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } }),
  ),
  http.get(api('/transaction/fetch_withdrawal_request/:userId'), ({ request }) =>
    new URL(request.url).searchParams.has('transaction_id')
      ? failure(404, 'Withdrawal not found')
      : success({ data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } }),
  ),
  http.get(api('/transaction/wallet/:userId'), () =>
    success({ balance: 0, pending_withdrawals: 0, currency: 'NGN' }),
  ),
  http.get(api('/transaction/statement/:userId'), () =>
    success({ data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } }),
  ),
  http.get(api('/user/referrals/:userId'), () =>
    success({ data: [], meta: { page: 1, size: 50, total: 0, totalPages: 0 }, total_earned: 0 }),
  ),
  http.get(api('/user/passkeys/:userId'), () => success([])),
  http.get(api('/user/sessions/:userId'), () => success([])),
  http.get(api('/user/notices/:userId'), () =>
    success({ data: [], meta: { page: 1, size: 20, total: 0, totalPages: 0 }, unread_count: 0 }),
  ),
  http.post(api('/user/read_notices/:userId'), () => success(null)),
  // No conversation with the Karta team yet, on either side (decision 070).
  http.get(api('/support/conversations/:userId'), () =>
    success({ data: [], meta: { page: 1, size: 20, total: 0, totalPages: 0 }, unread_count: 0 }),
  ),
  http.get(api('/admin/trades/:tradeId/conversation'), () => success(null)),
  http.get(api('/admin/saved_replies'), () => success([])),
  http.post(api('/user/refresh_token/:userId'), () =>
    failure(403, 'Session expired. log in to continue'),
  ),
  // The live stream (decision 069) is away unless a test serves it: the screens poll, as they
  // do whenever the stream fails.
  http.get(api('/events'), () => failure(503, 'Karta is briefly unavailable.')),
  http.get(api('/app/config'), () =>
    success({ support_email: 'support@karta.example', support_phone: '+234 700 000 0000' }),
  ),
];

export const server = setupServer(...defaultHandlers);

/**
 * Holds the session restore (POST /user/refresh_token) until `release()`, then signs `testUser`
 * in: what the screens show while the session comes back. `calls` counts the requests.
 */
export function holdSessionRefresh() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const held = {
    calls: 0,
    release: () => {
      open();
    },
  };
  server.use(
    http.post(api('/user/refresh_token/:userId'), async () => {
      held.calls += 1;
      await gate;
      return Response.json({
        status: 'success',
        message: 'ok',
        token: makeToken(),
        data: testUser,
      });
    }),
  );
  return held;
}
