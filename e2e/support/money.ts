import sharp from 'sharp';
import { call } from './accounts';
import { amazonUsaPhysical } from './catalog';

/** Seeded in development with the demo data (README). */
export const OPERATOR = { email: 'operator@karta.example', password: 'KartaDemo#2026' };

export async function apiLogin(baseUrl: string, email: string, password: string) {
  const session = (await call(baseUrl, 'POST', '/api/v1/auth/login', {
    email,
    password,
    device: 'web',
  })) as { token: string; data: { id: string } };
  return { token: session.token, userId: session.data.id };
}

/** A person's wallet balance in naira, as the API reports it. */
export async function walletBalanceOf(
  baseUrl: string,
  person: { email: string; password: string },
): Promise<number> {
  const { token, userId } = await apiLogin(baseUrl, person.email, person.password);
  const wallet = (await call(
    baseUrl,
    'GET',
    `/api/v1/transaction/wallet/${userId}`,
    undefined,
    token,
  )) as { data: { balance: number } };
  return wallet.data.balance;
}

/** A small real JPEG, enough for a trade's photo. */
export const photoBytes = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#ff9900' } })
    .jpeg()
    .toBuffer();

/** A trade waiting for review, as the API made it. */
export interface PendingTrade {
  id: string;
  reference: string;
  expected_value: number;
}

/** A card sold through the API (a real multipart upload with a photo), left pending. */
export async function sellCard(
  baseUrl: string,
  person: { email: string; password: string },
  sale: { subcategoryId: string; amount: number; comment?: string | undefined },
): Promise<PendingTrade> {
  const { token } = await apiLogin(baseUrl, person.email, person.password);
  const form = new FormData();
  form.set('subcategory_id', sale.subcategoryId);
  form.set('amount', String(sale.amount));
  if (sale.comment) form.set('comment', sale.comment);
  form.set('images', new Blob([await photoBytes()], { type: 'image/jpeg' }), 'card.jpg');
  const created = await fetch(`${baseUrl}/api/v1/trade/add_trade`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  if (created.status !== 201) throw new Error(`add_trade answered ${String(created.status)}`);
  return ((await created.json()) as { data: PendingTrade }).data;
}

/**
 * Sells the smallest Amazon USA physical card through the API, and leaves the trade pending
 * for an operator.
 */
export async function createPendingTrade(
  baseUrl: string,
  person: { email: string; password: string },
  /** The card amount; the subcategory's smallest unless told. */
  amount?: number,
  /** The seller's comment, where e-codes go. */
  comment?: string,
): Promise<PendingTrade> {
  const { subcategory } = await amazonUsaPhysical(baseUrl);
  return sellCard(baseUrl, person, {
    subcategoryId: subcategory.id,
    amount: amount ?? subcategory.min_amount,
    comment,
  });
}

/**
 * The demo operator approves a pending trade at `naira`: below the expected value that makes
 * the seller an offer (decision 037). Answers the trade as the operator sees it.
 */
export async function approveAt(baseUrl: string, tradeId: string, naira: number, note?: string) {
  const operator = await apiLogin(baseUrl, OPERATOR.email, OPERATOR.password);
  const approved = (await call(
    baseUrl,
    'POST',
    `/api/v1/admin/trades/${tradeId}/approve`,
    { final_value: naira, ...(note ? { note } : {}) },
    operator.token,
  )) as { data: { status: string } };
  return approved.data;
}

/**
 * Puts `naira` in a person's wallet the way money really arrives: a trade through the API,
 * approved by the demo operator at that final value; below the expected value that is an offer,
 * which the person accepts.
 */
export async function fundWallet(
  baseUrl: string,
  person: { email: string; password: string },
  naira: number,
) {
  const trade = await createPendingTrade(baseUrl, person);
  const approved = await approveAt(baseUrl, trade.id, naira);
  if (approved.status !== 'counter_offered') return;
  const seller = await apiLogin(baseUrl, person.email, person.password);
  await call(
    baseUrl,
    'POST',
    `/api/v1/trade/answer_offer/${seller.userId}`,
    { trade_id: trade.id, accept: true },
    seller.token,
  );
}

/** Sets the withdrawal PIN through the API (the Change PIN modal has its own browser test). */
export async function setPin(
  baseUrl: string,
  person: { email: string; password: string },
  pin: string,
) {
  const { token, userId } = await apiLogin(baseUrl, person.email, person.password);
  await call(
    baseUrl,
    'POST',
    `/api/v1/user/update_pin/${userId}`,
    { password: person.password, pin, verify_pin: pin },
    token,
  );
}
