import { sql } from 'drizzle-orm';
import type { Trade } from '@karta/shared/schemas/trades';
import { post, refreshCookieOf, register, signedInUser, type Session } from '../accounts';
import { insertCard, insertSubcategory, signedInOperator } from '../catalog';
import type { TestApp } from '../create-test-app';
import { cardPhoto, submitTrade, tradableSubcategory, type UploadFile } from '../trades';
import {
  bankId,
  fundedUser,
  GTBANK,
  PIN,
  sandboxAccountNumber,
  withdraw,
  withdrawalOf,
} from '../withdrawals';
import type { KnownValues } from './zod-arbitrary';

/** What the fuzz acts with and on: real accounts, ids and links, made once per run. */
export interface FuzzFixtures {
  admin: Session;
  /** Signed in, with a PIN, a verified BVN and money: the fuzz acts as this user. */
  user: Session;
  /** Another confirmed user, whose e-mail the sign-in routes are fuzzed with. */
  bystander: Session;
  pendingEmail: string;
  cardId: string;
  subcategoryId: string;
  /** The catalog routes edit their own card, so the card trades use stays on sale. */
  adminCardId: string;
  adminSubcategoryId: string;
  pendingTrades: Trade[];
  strangersTrade: Trade;
  bankId: number;
  beneficiaryId: string;
  withdrawalId: string;
  photo: UploadFile;
  loginsSoFar: number;
}

export async function createFuzzFixtures({ app, db }: TestApp): Promise<FuzzFixtures> {
  const admin = await signedInOperator(app, db, 'admin');
  const user = await fundedUser(app, db, admin, 10_000);
  const bystander = await signedInUser(app);
  const pending = await register(app);
  const { card, subcategory } = await tradableSubcategory(db);
  const adminCard = await insertCard(db);
  const adminSubcategory = await insertSubcategory(db, adminCard.id);
  const bank = await bankId(app, user);
  const saved = await post(
    app,
    `/user/add_beneficiary_account/${user.user.id}`,
    { bank_id: bank, account_bank: GTBANK, account_number: sandboxAccountNumber() },
    { authorization: user.token },
  );
  const beneficiaryId = saved.json<{ data: { id: string } }>().data.id;
  const withdrawal = await withdraw(app, user, {
    amount: 1000,
    pin: PIN,
    beneficiary_account_id: beneficiaryId,
  });
  return {
    admin,
    user,
    bystander,
    pendingEmail: pending.payload.email,
    cardId: card.id,
    subcategoryId: subcategory.id,
    adminCardId: adminCard.id,
    adminSubcategoryId: adminSubcategory.id,
    pendingTrades: [],
    strangersTrade: await submitTrade(app, bystander, subcategory.id, 50),
    bankId: bank,
    beneficiaryId,
    withdrawalId: withdrawalOf(withdrawal).transaction_id,
    photo: await cardPhoto(64, 40),
    loginsSoFar: 0,
  };
}

/**
 * Trades the fuzz can cancel, approve or reject. Cases name them by placeholder, and each
 * request gets the ones pending right then: an earlier case may have approved the last pair.
 */
const PENDING_TRADES = ['<pending trade 1>', '<pending trade 2>'];

export async function topUpPendingTrades({ app, db }: TestApp, fx: FuzzFixtures) {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from trades where status = 'pending'`,
  );
  const pending = new Set(rows.map((row) => row.id));
  fx.pendingTrades = fx.pendingTrades.filter((trade) => pending.has(trade.id));
  while (fx.pendingTrades.length < PENDING_TRADES.length) {
    fx.pendingTrades.push(await submitTrade(app, fx.user, fx.subcategoryId, 100));
  }
}

/** `value` with each pending-trade placeholder replaced by a trade pending right now. */
export function withPendingTrades(value: unknown, fx: FuzzFixtures): unknown {
  if (typeof value === 'string') {
    const index = PENDING_TRADES.indexOf(value);
    return index < 0 ? value : (fx.pendingTrades[index]?.id ?? value);
  }
  if (Array.isArray(value)) return value.map((item) => withPendingTrades(item, fx));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withPendingTrades(item, fx)]),
  );
}

/** Real values for fields whose format alone would seldom get past a lookup. */
export function knownValuesFor(url: string, fx: FuzzFixtures): KnownValues {
  const photo = fx.strangersTrade.images[0];
  const photoLink = new URL(photo?.url ?? '/', 'http://karta.test').searchParams;
  return (path) => {
    const key = [...path].reverse().find((each) => each !== '[]');
    const values = (list: unknown[], isExclusive = false) => ({ values: list, isExclusive });
    switch (key) {
      case 'user_id':
        return values([fx.user.user.id]);
      case 'email':
      case 'to':
        // Only addresses in use for a staff invitation: a made-up one would be mailed, and the
        // outbox's log line (the masked address) can hold a fuzzed name by chance.
        return values(
          [fx.bystander.email, fx.pendingEmail],
          url === '/api/v1/admin/staff/invitations',
        );
      case 'pin':
      case 'verify_pin':
        // Only the right PIN: five wrong ones lock withdrawals and mail the owner, by design.
        return values([PIN], true);
      case 'date_of_birth':
        return values(['1990-05-17', '2012-02-29', '1899-12-31']);
      case 'date_query':
        return values(['2026-01-05', '2025-01-01,2027-12-31', '']);
      case 'trade_id':
        // Another seller's trade too: it must be as unknown to this user as a made-up id.
        return values([...PENDING_TRADES, fx.strangersTrade.id]);
      case 'beneficiary_account_id':
        return values([fx.beneficiaryId]);
      case 'transaction_id':
        return values([fx.withdrawalId]);
      case 'subcategory_id':
      case 'subcategoryId':
        return values([fx.subcategoryId]);
      case 'catId':
        return values([fx.cardId]);
      case 'file':
        return values([`${fx.cardId}.svg`, `${fx.adminCardId}.webp`]);
      case 'bank_id':
        return values([fx.bankId]);
      case 'account_bank':
        return values([GTBANK]);
      case 'account_number':
        return values([sandboxAccountNumber()]);
      case 'provider':
        return values(['sandbox', 'paystack']);
      case 'rate':
        return values(['1180.5', 950]);
      case 'amount':
        return values(url.includes('withdrawal') ? [1000, 2500.5] : [100, 25]);
      case 'final_value':
        return values([500, 1000.5]);
      case 'referral_code':
        return values([fx.bystander.user.referral_code, null]);
      case 'expires':
        return values([Number(photoLink.get('expires'))]);
      case 'signature':
        return values([photoLink.get('signature')]);
      case '*':
        return values(['index.html', 'dashboard/trades', 'static/index.css']);
      case 'id':
        if (url.includes('/admin/trades')) return values(PENDING_TRADES);
        if (url.includes('/trade/images')) return values([photo?.id]);
        if (url.includes('/subcategories/') || path.includes('rates'))
          return values([fx.adminSubcategoryId]);
        return values([fx.adminCardId]);
      default:
        return undefined;
    }
  };
}

/** A fuzzed request may end the user's sessions (sign-out): sign in again, from a fresh address. */
export async function keepUserSignedIn({ app, db }: TestApp, fx: FuzzFixtures) {
  const check = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/current_user',
    headers: { authorization: fx.user.token },
  });
  if (check.statusCode === 200) return;
  // The fuzz guesses this account's password on purpose (update_pin, delete_account…), so its
  // throttle may be shut by now: that protects the account from others, not from this test.
  await db.execute(sql`delete from rate_counters`);
  fx.loginsSoFar += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: fx.user.email, password: fx.user.password, device: 'web' },
    remoteAddress: `10.77.${String(Math.floor(fx.loginsSoFar / 250))}.${String(fx.loginsSoFar % 250)}`,
  });
  if (response.statusCode !== 200) {
    throw new Error(`cannot sign the fuzz user in again: ${response.body}`);
  }
  fx.user = {
    ...fx.user,
    token: response.json<{ token: string }>().token,
    refreshToken: refreshCookieOf(response) ?? '',
  };
}
