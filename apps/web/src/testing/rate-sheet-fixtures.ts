import { http } from 'msw';
import { rateSheetCsv, normaliseRateSheetKey } from '@karta/shared/rate-sheet';
import type { RateSheetRow } from '@karta/shared/schemas/rate-sheet';
import { api, server, success } from './server';

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

/**
 * The rate sheet's API over rows: the paged read (filtered by card), the paste's match, the
 * CSV export and the publish, which sets the rates. Requests are kept for the test to read.
 */
export function serveRateSheet(initial: RateSheetRow[], pageSize = 50) {
  const rows = new Map(initial.map((row) => [row.id, row]));
  const pageRequests: URLSearchParams[] = [];
  const publishes: { id: string; rate: string }[][] = [];
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
      for (const { id, rate } of rates) {
        const row = rows.get(id);
        if (row) rows.set(id, { ...row, rate: Number(rate) });
      }
      return success([], 'Rates updated');
    }),
  );
  return { pageRequests, publishes };
}
