import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** One metric of one Lagos day (decision 026): how many, and the kobo (or face units) they carry. */
interface DailyTotal {
  day: string;
  metric: string;
  n: number;
  kobo: bigint;
}

/**
 * Every running total of the days from `from` to `to` (Lagos days, both included): a
 * primary-key range of `overview_daily`, a few dozen rows a day whatever the trade volume.
 */
export async function readDays(tx: Executor, from: string, to: string): Promise<DailyTotal[]> {
  const result = await tx.execute<{ day: string; metric: string; n: string; kobo: string }>(sql`
    select day::text, metric, n::text, kobo::text
      from overview_daily
     where day between ${from}::date and ${to}::date
     order by day, metric`);
  return result.rows.map((row) => ({
    day: row.day,
    metric: row.metric,
    n: Number(row.n),
    kobo: BigInt(row.kobo),
  }));
}

/**
 * Sellers' wallets and holds together before `day` begins: the net of every posting to them on
 * the days before (a few rows a day of history, never the postings themselves).
 */
export async function readFloatBefore(tx: Executor, day: string): Promise<bigint> {
  const result = await tx.execute<{ kobo: string }>(sql`
    select coalesce(sum(kobo), 0)::text as kobo
      from overview_daily
     where day < ${day}::date
       and metric like 'ledger.%'
       and (metric like '%.user\_wallet' or metric like '%.user\_withdrawal\_hold')`);
  return BigInt(result.rows[0]?.kobo ?? '0');
}
