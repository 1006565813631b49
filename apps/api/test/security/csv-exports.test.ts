import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLagosMonth } from '@karta/shared/dates';
import { matchRateSheet, parseRateSheet } from '@karta/shared/rate-sheet';
import type { RateSheetEntry } from '@karta/shared/schemas/rate-sheet';
import { signedInUser, type Session } from '../accounts';
import { insertCard, insertSubcategory, signedInOperator } from '../catalog';
import { createTestApp } from '../create-test-app';
import { FORMULA_STARTS, formulaCells, parseCsv } from '../csv';
import { approveAtValue, submitTrade } from '../trades';
import { bankId, handleWebhooks, runPayoutJob, sellerWithdrawing } from '../withdrawals';

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with = + - @, a tab or a
 * carriage return as a formula, so a card named `=HYPERLINK(...)` exported as it is becomes a
 * live link in an operator's spreadsheet. Every CSV the API writes is fetched here with cards
 * and a seller named that way, and no cell of any of them may be one a spreadsheet runs.
 */

/** Every route that can answer text/csv, by its OpenAPI path: a new one fails until listed. */
const CSV_EXPORTS = [
  'GET /api/v1/admin/catalog/rates/export',
  'GET /api/v1/admin/reports/daily',
  'GET /api/v1/transaction/statement/{user_id}/download',
];

/** A name for each dangerous first character; the payload is the classic DDE one. */
const dangerousName = (start: string, index: number) =>
  `${start}cmd|' /C calc'!A0 Injected ${String(index)}`;

const t = await createTestApp();
afterAll(() => t.close());

let admin: Session;
let seller: Session;
const labels: string[] = [];
beforeAll(async () => {
  admin = await signedInOperator(t.app, t.db, 'admin');
  seller = await signedInUser(t.app, { first_name: '=HYPERLINK("http://x.example")' });
  const subcategories = [];
  for (const [index, start] of FORMULA_STARTS.entries()) {
    const card = await insertCard(t.db, { name: dangerousName(start, index) });
    subcategories.push(await insertSubcategory(t.db, card.id, { name: 'USA' }));
    labels.push(`${card.name} / USA`);
  }
  // A trade on the `=` card, so the statement and the books have a day with money in them.
  const [first] = subcategories;
  if (!first) throw new Error('no subcategory');
  const trade = await submitTrade(t.app, seller, first.id, 100);
  await approveAtValue(t.app, { operator: admin, seller, tradeId: trade.id, naira: 118_000 });
});

const get = (url: string, session: Session) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: session.token } });

async function csvOf(url: string, session: Session): Promise<string> {
  const response = await get(url, session);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  return response.body;
}

describe('every CSV export', () => {
  it('is in the list this suite checks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const csvRoutes = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => JSON.stringify(operation).includes('text/csv'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(csvRoutes.sort()).toEqual([...CSV_EXPORTS].sort());
  });

  it.each([
    ['GET /api/v1/admin/catalog/rates/export', () => '/api/v1/admin/catalog/rates/export'],
    ['GET /api/v1/admin/reports/daily', () => '/api/v1/admin/reports/daily?format=csv'],
    [
      'GET /api/v1/transaction/statement/{user_id}/download',
      () =>
        `/api/v1/transaction/statement/${seller.user.id}/download?month=${getLagosMonth(t.clock.now())}&format=csv`,
    ],
  ])('%s has no cell a spreadsheet would run', async (_key, url) => {
    const session = url().includes('/statement/') ? seller : admin;
    expect(formulaCells(await csvOf(url(), session))).toEqual([]);
  });
});

describe('GET /admin/catalog/rates/export with formula-like card names', () => {
  it('writes each name after an apostrophe, quoted, and the rate as a plain number', async () => {
    const csv = await csvOf('/api/v1/admin/catalog/rates/export?card=Injected', admin);
    const rows = parseCsv(csv).slice(1);
    expect(rows.sort()).toEqual(labels.map((label) => [`'${label}`, '1180.00']).sort());
    for (const label of labels) expect(csv).toContain(`"'${label}"`);
  });

  it('reads back to the same subcategories and rates when pasted', async () => {
    // Tab and carriage return split a pasted line themselves: the four others round-trip.
    const csv = await csvOf('/api/v1/admin/catalog/rates/export?card=Injected', admin);
    const pasted = csv
      .split('\r\n')
      .filter((line) => !/[\t\r]/.test(line))
      .join('\r\n');
    const { rates, problems } = parseRateSheet(pasted);
    expect(problems).toEqual([]);
    const pastable = labels.filter((label) => !/[\t\r]/.test(label));
    expect(rates.map((rate) => rate.key).sort()).toEqual(pastable.sort());
    const matched = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/rates/match',
      headers: { authorization: admin.token },
      payload: { keys: rates.map((rate) => rate.key) },
    });
    const entries = matched.json<{ data: RateSheetEntry[] }>().data;
    expect(matchRateSheet(rates, entries).draft.size).toBe(4);
  });
});

describe('a negative amount', () => {
  it('is written bare, a number a spreadsheet sums: a fee given back after midnight', async () => {
    // 23:59:40 in Lagos: the payout succeeds before midnight, the bank returns it after, so
    // the next day's fees earned are the fee given back, below zero.
    t.clock.set(new Date('2033-06-15T22:59:40Z'));
    const operator = await signedInOperator(t.app, t.db, 'admin');
    const { withdrawal } = await sellerWithdrawing(t.app, t.db, {
      operator,
      bankId: await bankId(t.app, operator),
      prefix: '9996',
    });
    await runPayoutJob(t.app, withdrawal.id);
    const settleAt = async (at: string) => {
      t.clock.set(new Date(at));
      await t.app.ctx.sandbox?.advanceDueTransfers();
      await handleWebhooks(t.app, t.db);
    };
    await settleAt('2033-06-15T22:59:45Z');
    await settleAt('2033-06-15T23:00:30Z');
    const admin = await signedInOperator(t.app, t.db, 'admin');
    const csv = await csvOf(
      '/api/v1/admin/reports/daily?from=2033-06-16&to=2033-06-16&format=csv',
      admin,
    );
    const [header = [], day = []] = parseCsv(csv);
    const fees = day[header.indexOf('fees_earned_naira')] ?? '';
    expect(fees).toMatch(/^-\d+\.\d{2}$/);
    expect(Number(fees)).toBeLessThan(0);
    // Bare in the file: no apostrophe, no quotes.
    expect(csv.split('\r\n')[1]?.split(',')).toContain(fees);
  });
});
