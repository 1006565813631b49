import { koboToNaira } from '@karta/shared/money';
import { normaliseRateSheetKey, rateSheetCsv, rateSheetLabel } from '@karta/shared/rate-sheet';
import {
  RATE_SHEET_DAYS,
  type RateSheetEntry,
  type RateSheetRow,
} from '@karta/shared/schemas/rate-sheet';
import type { AppContext } from '../../app-context';
import { readStaleTolerant } from '../../db/read-replica';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { offsetOf, pageMeta } from '../../lib/paging';
import { listClosingRates, listDayEnds, listLagosDays, startOfLagosDay } from './rate-history';
import * as sheet from './rate-sheet.repository';

type SheetRow = Awaited<ReturnType<typeof sheet.listRateSheet>>[number];

const AFTER_UNKNOWN = 'after must be the id of a row of the sheet';

const toEntry = ({ subcategory, cardName }: SheetRow): RateSheetEntry => ({
  id: subcategory.id,
  label: rateSheetLabel(cardName, subcategory.name),
  currency: subcategory.currency,
  rate: koboToNaira(subcategory.rateKobo),
});

/** Each row's 30 daily closing rates and latest change, for a page of rows, in two queries. */
async function withHistory(ctx: AppContext, rows: SheetRow[]): Promise<RateSheetRow[]> {
  const days = listLagosDays(ctx.clock.now(), RATE_SHEET_DAYS);
  const from = startOfLagosDay(days[0] ?? '');
  const dayEnds = listDayEnds(days);
  const ids = rows.map(({ subcategory }) => subcategory.id);
  const histories = new Map(
    (await sheet.listRateHistories(ctx.db, { ids, from })).map((h) => [h.subcategory_id, h]),
  );
  const authorIds = [...histories.values()].flatMap((h) => h.last_by ?? []);
  const authors = await sheet.listAuthors(ctx.db, [...new Set(authorIds)]);
  const nameOf = new Map(authors.map((a) => [a.id, `${a.firstName} ${a.lastName}`]));
  // Days share rates: each kobo text is turned into naira once a page.
  const nairaOf = new Map<string, number>();
  const toNaira = (kobo: string) => {
    let naira = nairaOf.get(kobo);
    if (naira === undefined) nairaOf.set(kobo, (naira = koboToNaira(BigInt(kobo))));
    return naira;
  };
  return rows.map((row) => {
    const history = histories.get(row.subcategory.id);
    const changes = history
      ? history.rates.map((rate, i) => ({ rate, at: history.at_ms[i] ?? 0 }))
      : [];
    // The last change of a row, in the window or before it, is its latest one.
    const latestAt = changes.at(-1)?.at;
    const by = history?.last_by ? (nameOf.get(history.last_by) ?? null) : null;
    return {
      ...toEntry(row),
      card_id: row.subcategory.giftCardId,
      card_name: row.cardName,
      name: row.subcategory.name,
      min_amount: row.subcategory.minAmount,
      max_amount: row.subcategory.maxAmount,
      active: row.subcategory.active && row.cardActive,
      last_change: latestAt === undefined ? null : { by, at: new Date(latestAt).toISOString() },
      closing_rates: listClosingRates(changes, dayEnds).map((kobo) =>
        kobo === undefined ? null : toNaira(kobo),
      ),
    };
  });
}

/** `GET /admin/catalog/rates`: one page of the rate sheet, filtered. */
export async function getRateSheetPage(
  ctx: AppContext,
  query: sheet.RateSheetWhere & { page: number; size: number; after?: string | undefined },
) {
  const { after, size } = query;
  const [rows, total] = await Promise.all([
    after === undefined
      ? sheet.listRateSheet(ctx.db, { ...query, limit: size, offset: offsetOf(query) })
      : sheet.listRateSheetAfter(ctx.db, { ...query, after, limit: size }),
    sheet.countRateSheet(ctx.db, query),
  ]);
  if (!rows) throw new AppError('BAD_REQUEST', AFTER_UNKNOWN, { field: 'after' });
  return { data: await withHistory(ctx, rows), meta: pageMeta(query, total) };
}

/**
 * `GET /admin/catalog/rates/export`: the whole filtered sheet as the CSV a paste reads back,
 * from the read replica when there is a fresh one (decision 068): the export is a copy to edit
 * offline, and a paste is matched and applied against the primary.
 */
export async function exportRateSheet(ctx: AppContext, filter: sheet.RateSheetWhere) {
  const rows = await readStaleTolerant(ctx, (db) => sheet.listRateSheet(db, filter));
  return rateSheetCsv(rows.map(toEntry));
}

/** `POST /admin/catalog/rates/match`: the sheet's rows a pasted sheet's keys name. */
export async function matchRateSheetKeys(ctx: AppContext, keys: string[]) {
  const ids = keys.filter((key) => isUuid(key));
  const labels = keys.map(normaliseRateSheetKey);
  const rows = await sheet.findRateSheetRows(ctx.db, { ids, labels: [...new Set(labels)] });
  return rows.map(toEntry);
}
