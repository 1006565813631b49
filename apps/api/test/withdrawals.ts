import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Withdrawal } from '@karta/shared/schemas/withdrawals';
import { nubanCheckDigit } from '../src/adapters/payouts/nuban';
import type { Database } from '../src/db/client';
import { handleStoredWebhook } from '../src/features/withdrawals/payout-webhooks.service';
import { processWithdrawal } from '../src/features/withdrawals/process-withdrawal';
import { post, signedInUser, type Session } from './accounts';
import { signedInOperator } from './catalog';
import { createTestApp, type TestApp } from './create-test-app';
import { expectLedgerConsistent } from './ledger';
import { approveAtValue, submitTrade, tradableSubcategory } from './trades';

export const PIN = '2468';
/** Guaranty Trust Bank: its Paystack code and 3-digit CBN code are both 058. */
export const GTBANK = '058';

let serialCounter = 0;
/**
 * A NUBAN-valid GTBank number whose serial starts with `prefix` (a sandbox magic prefix such
 * as 9998, or 1 for an ordinary account), unique per call.
 */
export function sandboxAccountNumber(prefix = '1'): string {
  serialCounter += 1;
  const serial = `${prefix}${String(Date.now() % 1e5)}${String(serialCounter)}`
    .padEnd(9, '7')
    .slice(0, 9);
  return `${serial}${nubanCheckDigit(GTBANK, serial)}`;
}

export async function bankId(app: FastifyInstance, session: Session, code = GTBANK) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/finance/get_banks',
    headers: { authorization: session.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  const bank = response
    .json<{ data: { id: number; code: string }[] }>()
    .data.find((each) => each.code === code);
  if (!bank) throw new Error(`no bank ${code}`);
  return bank.id;
}

/** An 11-digit number no other test of the run uses, after the given first digit. */
const uniqueNumber = (first: string) =>
  `${first}${String(Date.now()).slice(-6)}${String(serialCounter++).padStart(4, '0')}`;

/**
 * Verifies a NIN (the sandbox's "1…": the holder's own) and answers the response: the seller
 * reaches KYC tier 2 (decision 063).
 */
export async function verifyNin(app: FastifyInstance, session: Session, nin = uniqueNumber('1')) {
  return post(
    app,
    `/user/verify_nin/${session.user.id}`,
    { nin },
    { authorization: session.token },
  );
}

/**
 * A signed-in user with a PIN, a verified BVN and `naira` in the wallet from an approved trade.
 * At KYC tier 2 (the NIN verified too: ₦1,000,000 a day and at a time) unless `tier: 1` asks
 * for the BVN alone (₦200,000) or `tier: 0` for neither: the tiers' own tests choose, the others
 * need room to withdraw.
 */
export async function fundedUser(
  app: FastifyInstance,
  db: Database,
  operator: Session,
  naira: number,
  options: { tier?: 0 | 1 | 2 } = {},
) {
  const session = await signedInUser(app);
  const auth = { authorization: session.token };
  const pin = await post(
    app,
    `/user/update_pin/${session.user.id}`,
    { password: session.password, pin: PIN, verify_pin: PIN },
    auth,
  );
  expect(pin.statusCode, pin.body).toBe(200);
  const tier = options.tier ?? 2;
  if (tier >= 1) {
    const kyc = await post(
      app,
      `/user/verify_kyc/${session.user.id}`,
      { bvn: uniqueNumber('2') },
      auth,
    );
    expect(kyc.statusCode, kyc.body).toBe(200);
  }
  if (tier === 2) {
    const nin = await verifyNin(app, session);
    expect(nin.statusCode, nin.body).toBe(200);
  }
  if (naira > 0) {
    const { subcategory } = await tradableSubcategory(db);
    const trade = await submitTrade(app, session, subcategory.id, 10);
    await approveAtValue(app, { operator, seller: session, tradeId: trade.id, naira });
  }
  return session;
}

export async function withdraw(
  app: FastifyInstance,
  session: Session,
  body: Record<string, unknown>,
  key: string | null = crypto.randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/transaction/withdrawal_request/${session.user.id}`,
    payload: body,
    headers: { authorization: session.token, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export const withdrawalOf = (response: LightMyRequestResponse) =>
  response.json<{ data: Withdrawal }>().data;

/** Handles every stored webhook not handled yet, as the worker's webhook jobs would. */
export async function handleWebhooks(app: FastifyInstance, db: Database) {
  const pending = await db.execute<{ id: string }>(
    sql`select id from payout_webhooks where processed_at is null order by received_at`,
  );
  for (const { id } of pending.rows) await handleStoredWebhook(app.ctx, id);
  return pending.rows.length;
}

export async function withdrawalById(app: FastifyInstance, session: Session, id: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/transaction/fetch_withdrawal_request/${session.user.id}?transaction_id=${id}`,
    headers: { authorization: session.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return withdrawalOf(response);
}

/** The payout worker's job for one withdrawal, run now as the queue would run it. */
export const runPayoutJob = (app: FastifyInstance, withdrawalId: string) =>
  processWithdrawal(app.ctx, withdrawalId);

/**
 * A seller with ₦3,000 from an approved trade who asked for ₦1,000 to a sandbox account whose
 * number starts with `prefix` (a magic prefix such as 9997, or 1 for an ordinary account).
 */
export async function sellerWithdrawing(
  app: FastifyInstance,
  db: Database,
  options: { operator: Session; bankId: number; prefix?: string },
) {
  const seller = await fundedUser(app, db, options.operator, 3_000);
  const accountNumber = sandboxAccountNumber(options.prefix ?? '1');
  const response = await withdraw(app, seller, {
    amount: 1_000,
    pin: PIN,
    bank_id: options.bankId,
    account_bank: GTBANK,
    account_number: accountNumber,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { seller, accountNumber, withdrawal: withdrawalOf(response) };
}

/** How the withdrawal tests start: a test app, an operator signed in, and GTBank's id in the bank list. */
export async function withdrawalTestApp() {
  const t = await createTestApp();
  const operator = await signedInOperator(t.app, t.db);
  return { t, operator, gtbank: await bankId(t.app, operator) };
}

interface WithdrawalTestBed {
  t: TestApp;
  operator: Session;
  gtbank: number;
}

/**
 * The hooks of a withdrawal test file: the app and GTBank's id once, a fresh operator before each
 * test (tests move the clock; an operator signed in for each test never finds their token expired),
 * the ledger checked after each, the app closed at the end. `use` is given them whenever they change.
 */
export function withdrawalTestHooks(use: (bed: WithdrawalTestBed) => void) {
  let bed: WithdrawalTestBed;
  beforeAll(async () => {
    bed = await withdrawalTestApp();
    use(bed);
  });
  beforeEach(async () => {
    bed = { ...bed, operator: await signedInOperator(bed.t.app, bed.t.db) };
    use(bed);
  });
  afterEach(() => expectLedgerConsistent(bed.t.db));
  afterAll(() => bed.t.close());
}
