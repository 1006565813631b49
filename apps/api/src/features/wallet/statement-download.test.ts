import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, getLagosMonth } from '@karta/shared/dates';
import { formatKoboAsNaira, parseNairaToKobo } from '@karta/shared/money';
import { bodyOf, login, signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { expectLedgerConsistent } from '../../../test/ledger';
import { countPdfPages, readPdfText } from '../../../test/pdf-text';
import {
  approve,
  approveAtValue,
  submitTrade,
  tradableSubcategory,
  walletOf,
} from '../../../test/trades';
import {
  bankId,
  fundedUser,
  GTBANK,
  handleWebhooks,
  PIN,
  runPayoutJob,
  sandboxAccountNumber,
  withdraw,
  withdrawalById,
  withdrawalOf,
} from '../../../test/withdrawals';
import { startOfLagosMonth } from '../../lib/lagos-time';
import { parseCsv } from '../../../test/csv';

let t: TestApp;
let operator: Session;
let subcategoryId: string;
let gtbank: number;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signedInOperator(t.app, t.db);
  subcategoryId = (await tradableSubcategory(t.db)).subcategory.id;
  gtbank = await bankId(t.app, operator);
});
afterEach(() => expectLedgerConsistent(t.db));
afterAll(() => t.close());

const download = (session: Session, query: string, userId = session.user.id) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/transaction/statement/${userId}/download${query}`,
    headers: { authorization: session.token },
  });

/** A new access token after the clock jumped a month (tokens live 15 minutes). */
async function signedInAgain(session: Session): Promise<Session> {
  const response = await login(t.app, session.email, session.password);
  expect(response.statusCode, response.body).toBe(200);
  return { ...session, token: response.json<{ token: string }>().token };
}

/** Kobo of the wallet's postings before an instant, summed straight from the ledger's tables. */
async function walletPostedBefore(userId: string, before: Date): Promise<bigint> {
  const result = await t.db.execute<{ total: string }>(sql`
    select coalesce(sum(p.amount), 0)::text as total
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
     where a.user_id = ${userId} and a.kind = 'user_wallet' and p.created_at < ${before}`);
  return BigInt(result.rows[0]?.total ?? '0');
}

async function walletPostingsBetween(userId: string, from: Date, to: Date): Promise<bigint[]> {
  const result = await t.db.execute<{ amount: string }>(sql`
    select p.amount::text from ledger_postings p join ledger_accounts a on a.id = p.account_id
     where a.user_id = ${userId} and a.kind = 'user_wallet'
       and p.created_at >= ${from} and p.created_at < ${to}
     order by p.id`);
  return result.rows.map((row) => BigInt(row.amount));
}

interface CsvStatement {
  header: string[];
  opening: string[];
  lines: string[][];
  closing: string[];
}

function readCsvStatement(response: LightMyRequestResponse): CsvStatement {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(response.body.slice(1));
  for (const row of rows) expect(row).toHaveLength(6);
  const [header = [], opening = [], ...rest] = rows;
  const closing = rest.pop() ?? [];
  return { header, opening, lines: rest, closing };
}

const kobo = (cell: string | undefined) => (cell ? parseNairaToKobo(cell) : 0n);

/** Each line's balance is the one before it plus money in less money out; returns the last. */
function expectRunningBalances(statement: CsvStatement): bigint {
  let balance = kobo(statement.opening[5]);
  for (const line of statement.lines) {
    const [, , , moneyIn, moneyOut, running] = line;
    expect(!!moneyIn !== !!moneyOut, 'a line is money in or money out').toBe(true);
    balance += kobo(moneyIn) - kobo(moneyOut);
    expect(kobo(running)).toBe(balance);
  }
  expect(kobo(statement.closing[5])).toBe(balance);
  return balance;
}

/** "NGN 1,250,000.00", as the PDF writes money. */
const ngn = (naira: bigint) =>
  `NGN ${formatKoboAsNaira(naira).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

describe('the monthly statement download', () => {
  it('agrees with the ledger and the wallet across two months, in CSV and in PDF', async () => {
    const seller = await fundedUser(t.app, t.db, operator, 3_000);
    const monthOne = getLagosMonth(t.clock.now());
    const monthTwo = addMonths(monthOne, 1);
    const [startOne, startTwo, startThree] = [monthOne, monthTwo, addMonths(monthTwo, 1)].map(
      startOfLagosMonth,
    ) as [Date, Date, Date];

    // Month one: a ₦3,000 trade (above), a withdrawal that will fail, a friend's first trade.
    const failingAccount = sandboxAccountNumber('9998');
    const failing = withdrawalOf(
      await withdraw(t.app, seller, {
        amount: 1_000,
        pin: PIN,
        bank_id: gtbank,
        account_bank: GTBANK,
        account_number: failingAccount,
      }),
    );
    const friend = await signedInUser(t.app, { referral_code: seller.user.referral_code });
    const friendTrade = await submitTrade(t.app, friend, subcategoryId, 10);
    expect((await approve(t.app, operator, friendTrade.id)).statusCode).toBe(200);

    // Month two, two days in: the failed withdrawal comes back, another trade, a pending withdrawal.
    t.clock.set(new Date(startTwo.getTime() + 2 * 24 * 3600 * 1000 + 9 * 3600 * 1000));
    operator = await signedInAgain(operator);
    const me = await signedInAgain(seller);
    await runPayoutJob(t.app, failing.id);
    t.clock.advance(5);
    await t.app.ctx.sandbox?.advanceDueTransfers();
    await handleWebhooks(t.app, t.db);
    expect((await withdrawalById(t.app, me, failing.id)).status).toBe('failed');
    const trade = await submitTrade(t.app, me, subcategoryId, 20);
    // Below the value shown at submission: a counter-offer the seller accepts (decision 037).
    await approveAtValue(t.app, { operator, seller: me, tradeId: trade.id, naira: 20_000.55 });
    const pending = withdrawalOf(
      await withdraw(t.app, me, {
        amount: 5_000,
        pin: PIN,
        bank_id: gtbank,
        account_bank: GTBANK,
        account_number: sandboxAccountNumber('1'),
      }),
    );
    const wallet = await walletOf(t.app, me);
    expect(wallet.pending_withdrawals).toBe(pending.amount + pending.fee);

    // Month one, closed: opening is nothing, closing is every posting before month two.
    const one = readCsvStatement(await download(me, `?month=${monthOne}&format=csv`));
    expect(one.header).toEqual([
      'date_time_lagos',
      'description',
      'reference',
      'money_in_naira',
      'money_out_naira',
      'balance_naira',
    ]);
    expect(one.opening[1]).toBe('Opening balance');
    expect(kobo(one.opening[5])).toBe(await walletPostedBefore(me.user.id, startOne));
    expect(kobo(one.opening[5])).toBe(0n);
    expect(one.closing[1]).toBe('Closing balance');
    expect(one.closing[0]).toMatch(new RegExp(`^${monthOne}-\\d{2} 23:59:59$`));
    expect(expectRunningBalances(one)).toBe(await walletPostedBefore(me.user.id, startTwo));
    expect(one.lines.map((line) => kobo(line[3]) - kobo(line[4]))).toEqual(
      await walletPostingsBetween(me.user.id, startOne, startTwo),
    );
    expect(one.lines.map((line) => line[1])).toEqual([
      expect.stringMatching(/^Trade .* approved: 10 USD$/),
      `Withdrawal to Guaranty Trust Bank •••• ${failingAccount.slice(-4)}`,
      'Referral reward: a friend you invited completed their first trade',
    ]);
    expect(one.lines[1]?.[2]).toBe(failing.transaction_id);
    expect(one.lines[1]?.[4]).toBe(
      formatKoboAsNaira(parseNairaToKobo(failing.amount + failing.fee)),
    );
    expect(one.lines[2]?.[3]).toBe('500.00');
    for (const line of one.lines) expect(line[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(one.lines[0]?.[0]?.slice(0, 7)).toBe(monthOne);
    expect(JSON.stringify(one)).not.toContain(failingAccount);

    // Month two, current: opens where month one closed, closes at the wallet's balance now.
    const two = readCsvStatement(await download(me, `?month=${monthTwo}&format=csv`));
    expect(two.opening[5]).toBe(one.closing[5]);
    const closingTwo = expectRunningBalances(two);
    expect(closingTwo).toBe(await walletPostedBefore(me.user.id, startThree));
    expect(closingTwo).toBe(parseNairaToKobo(wallet.balance));
    expect(two.lines.map((line) => line[1])).toEqual([
      `Withdrawal ${failing.transaction_id} failed: money returned`,
      expect.stringMatching(/^Trade .* approved: 20 USD$/),
      expect.stringMatching(/^Withdrawal to Guaranty Trust Bank •••• \d{4}$/),
    ]);
    expect(two.lines[1]?.[3]).toBe('20000.55');

    const pdf = await download(me, `?month=${monthTwo}&format=pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="karta-statement-${monthTwo}.pdf"`,
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(countPdfPages(bytes)).toBe(1);
    const text = readPdfText(bytes);
    const moneyIn = two.lines.reduce((sum, line) => sum + kobo(line[3]), 0n);
    const moneyOut = two.lines.reduce((sum, line) => sum + kobo(line[4]), 0n);
    for (const expected of [
      'Wallet statement',
      `${me.user.first_name} ${me.user.last_name}`,
      'Opening balance',
      ngn(kobo(two.opening[5])),
      'Money in',
      ngn(moneyIn),
      'Money out',
      ngn(moneyOut),
      'Closing balance',
      ngn(closingTwo),
      `${ngn(parseNairaToKobo(wallet.pending_withdrawals))} was on its way to your bank`,
      failing.transaction_id,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(me.email);
    expect(text).not.toContain(failingAccount);
  });

  it('names the file by its month and reads an empty month as zero', async () => {
    const user = await signedInUser(t.app);
    const month = getLagosMonth(t.clock.now());
    const response = await download(user, `?month=${month}&format=csv`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="karta-statement-${month}.csv"`,
    );
    const statement = readCsvStatement(response);
    expect(statement.lines).toEqual([]);
    expect([statement.opening[5], statement.closing[5]]).toEqual(['0.00', '0.00']);
    const pdf = await download(user, `?month=${month}&format=pdf`);
    expect(countPdfPages(pdf.rawPayload)).toBe(1);
    expect(readPdfText(pdf.rawPayload)).toContain('No money moved in or out of the wallet');
  });

  it('refuses a month it cannot show, with the reason in the envelope', async () => {
    const user = await signedInUser(t.app);
    const month = getLagosMonth(t.clock.now());
    const opened = getLagosMonth(new Date(user.user.created_at));
    const cases: [string, string][] = [
      ['?format=csv', 'Give the month as YYYY-MM, such as 2026-11'],
      ['?month=2026-13&format=csv', 'Give the month as YYYY-MM, such as 2026-11'],
      ['?month=2026-1&format=csv', 'Give the month as YYYY-MM, such as 2026-11'],
      [`?month=${month}&format=xls`, 'format must be csv or pdf'],
      [`?month=${month}`, 'format must be csv or pdf'],
      [
        `?month=${addMonths(month, 1)}&format=pdf`,
        'That month has not started yet. Choose this month or an earlier one.',
      ],
      [
        `?month=${addMonths(opened, -1)}&format=csv`,
        `Your account was opened in ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date(user.user.created_at))}. Choose that month or a later one.`,
      ],
    ];
    for (const [query, message] of cases) {
      const response = await download(user, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      const body = bodyOf(response);
      expect(body.status).toBe('error');
      expect(body.errors[0]?.message, query).toBe(message);
    }
  });

  it("refuses another user's statement", async () => {
    const [owner, stranger] = [await signedInUser(t.app), await signedInUser(t.app)];
    const month = getLagosMonth(t.clock.now());
    const response = await download(stranger, `?month=${month}&format=csv`, owner.user.id);
    expect(response.statusCode).toBe(403);
    expect(bodyOf(response).status).toBe('error');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/transaction/statement/${owner.user.id}/download?month=${month}&format=pdf`,
    });
    expect(anonymous.statusCode).toBe(403);
  });
});
