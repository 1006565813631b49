import { http } from 'msw';
import { parseNairaToKobo } from '@karta/shared/money';
import { needsSecondRateApproval, rateMovePercent } from '@karta/shared/rate-four-eyes';
import { rateSheetCsv, normaliseRateSheetKey } from '@karta/shared/rate-sheet';
import {
  ratePublishSummary,
  ReturnRateChangeInputSchema,
  type RateChangeRequest,
} from '@karta/shared/schemas/rate-change-requests';
import type { RateSheetRow } from '@karta/shared/schemas/rate-sheet';
import { api, failure, server, success, testUser } from './server';

let counter = 0;

/** One row of the rate sheet as `GET /admin/catalog/rates` returns it. */
export function makeRateRow(overrides: Partial<RateSheetRow> = {}): RateSheetRow {
  counter += 1;
  const cardName = overrides.card_name ?? 'Amazon';
  const name = overrides.name ?? `USA ${String(counter)}`;
  return {
    id: `5b1e0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    label: `${cardName} / ${name}`,
    card_id: 'c0000000-0000-4000-8000-000000000001',
    card_name: cardName,
    name,
    currency: 'USD',
    rate: 1000,
    min_amount: 10,
    max_amount: 500,
    active: true,
    last_change: { by: 'Ngozi Eze', at: '2026-11-24T08:00:00.000Z' },
    closing_rates: Array.from({ length: 30 }, (_, day) => (day < 10 ? null : 990 + day)),
    ...overrides,
  };
}

/** A rate change waiting for a second approval, asked by a colleague unless overridden. */
export function makeRateChange(
  row: RateSheetRow,
  overrides: Partial<RateChangeRequest> = {},
): RateChangeRequest {
  counter += 1;
  const toRate = overrides.to_rate ?? row.rate * 1.5;
  return {
    id: `7c4a0000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    subcategory_id: row.id,
    card_name: row.card_name,
    subcategory_name: row.name,
    label: row.label,
    currency: row.currency,
    from_rate: row.rate,
    to_rate: toRate,
    current_rate: row.rate,
    percent: rateMovePercent(parseNairaToKobo(row.rate), parseNairaToKobo(toRate)),
    status: 'waiting',
    requested_by: { id: '9d2e0000-0000-4000-8000-000000000001', name: 'Tunde Bakare' },
    requested_at: '2026-11-25T07:30:00.000Z',
    decided_by: null,
    decided_at: null,
    return_reason: null,
    ...overrides,
  };
}

/**
 * The rate sheet's API over rows: the paged read (filtered by card), the paste's match, the
 * CSV export and the publish, which sets the rates; and the rate changes waiting for a second
 * approval (`waiting`), which the publish adds to by the API's rule (more than 20 %, asked by
 * the signed-in test user) and Confirm and Send back take from. Requests are kept for the test
 * to read.
 */
export function serveRateSheet(
  initial: RateSheetRow[],
  pageSize = 50,
  waitingAtStart: RateChangeRequest[] = [],
) {
  const rows = new Map(initial.map((row) => [row.id, row]));
  const waiting = new Map(waitingAtStart.map((change) => [change.id, change]));
  const pageRequests: URLSearchParams[] = [];
  const publishes: { id: string; rate: string }[][] = [];
  const decisions: { id: string; action: 'confirm' | 'return'; reason?: string }[] = [];
  const matching = (query: URLSearchParams) => {
    const card = query.get('card')?.toLowerCase();
    return [...rows.values()].filter((row) => !card || row.card_name.toLowerCase().includes(card));
  };
  server.use(
    http.get(api('/admin/catalog/rates'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      pageRequests.push(query);
      const page = Number(query.get('page') ?? '1');
      const all = matching(query);
      // As the API: `after` (the last row shown) wins over `page` for where the rows start.
      const after = query.get('after');
      const start = after ? all.findIndex((row) => row.id === after) + 1 : (page - 1) * pageSize;
      return success({
        data: all.slice(start, start + pageSize),
        meta: {
          page,
          size: pageSize,
          total: all.length,
          totalPages: Math.ceil(all.length / pageSize),
        },
      });
    }),
    http.post(api('/admin/catalog/rates/match'), async ({ request }) => {
      const { keys } = (await request.json()) as { keys: string[] };
      const wanted = new Set(keys.map(normaliseRateSheetKey));
      const found = [...rows.values()].filter(
        (row) => wanted.has(row.id) || wanted.has(normaliseRateSheetKey(row.label)),
      );
      return success(found.map(({ id, label, currency, rate }) => ({ id, label, currency, rate })));
    }),
    http.get(api('/admin/catalog/rates/export'), ({ request }) => {
      const csv = rateSheetCsv(matching(new URL(request.url).searchParams));
      return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
    }),
    http.post(api('/admin/catalog/rates'), async ({ request }) => {
      const { rates } = (await request.json()) as { rates: { id: string; rate: string }[] };
      publishes.push(rates);
      const lines = [];
      for (const { id, rate } of rates) {
        const row = rows.get(id);
        if (!row) continue;
        if (needsSecondRateApproval(parseNairaToKobo(row.rate), parseNairaToKobo(rate))) {
          const change = makeRateChange(row, {
            to_rate: Number(rate),
            requested_by: { id: testUser.id, name: `${testUser.first_name} ${testUser.last_name}` },
          });
          waiting.set(change.id, change);
          lines.push({
            ...row,
            waiting_rate_change: { id: change.id, rate: change.to_rate, percent: change.percent },
          });
          continue;
        }
        rows.set(id, { ...row, rate: Number(rate) });
        lines.push({ ...row, rate: Number(rate), waiting_rate_change: null });
      }
      const held = lines.filter((line) => line.waiting_rate_change).length;
      return success(lines, ratePublishSummary(lines.length - held, held));
    }),
    http.get(api('/admin/catalog/rate_changes'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') ?? '1');
      const size = Number(query.get('size') ?? '10');
      const all = [...waiting.values()].map((change) => ({
        ...change,
        current_rate: rows.get(change.subcategory_id)?.rate ?? change.current_rate,
      }));
      return success({
        data: all.slice((page - 1) * size, page * size),
        meta: { page, size, total: all.length, totalPages: Math.ceil(all.length / size) },
      });
    }),
    http.post(api('/admin/catalog/rate_changes/:id/confirm'), ({ params }) => {
      const id = String(params.id);
      decisions.push({ id, action: 'confirm' });
      const change = waiting.get(id);
      if (!change) return failure(409, 'This rate change has already been confirmed.', 'id');
      const row = rows.get(change.subcategory_id);
      if (row) rows.set(row.id, { ...row, rate: change.to_rate });
      waiting.delete(id);
      return success({ ...change, status: 'confirmed' }, `Rate for ${change.label} published.`);
    }),
    http.post(api('/admin/catalog/rate_changes/:id/return'), async ({ params, request }) => {
      const id = String(params.id);
      const body = ReturnRateChangeInputSchema.safeParse(await request.json());
      if (!body.success) return failure(400, 'Say why the rate is sent back', 'reason');
      decisions.push({ id, action: 'return', reason: body.data.reason });
      const change = waiting.get(id);
      if (!change) return failure(409, 'This rate change has already been sent back.', 'id');
      waiting.delete(id);
      return success(
        { ...change, status: 'returned', return_reason: body.data.reason },
        `Rate change for ${change.label} sent back.`,
      );
    }),
  );
  return { pageRequests, publishes, waiting, decisions };
}
