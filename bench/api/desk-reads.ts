/**
 * A console desk's reads under load: each URL checked once (it must find something, or the
 * numbers would time an empty answer), then `connections` staff asking at once. Shared by the
 * desks' bench groups (sellers, audit).
 */
import { findRow, runHttpScenario, toRow, type Budget, type Row } from './scenario';

export async function runDeskReads(options: {
  /** Row name → URL. */
  reads: Record<string, string>;
  token: string;
  connections: number;
  seconds: number;
  ceiling: number;
  /** True when the answer's body found something. */
  hasFound: (body: unknown) => boolean;
}): Promise<Row[]> {
  const headers = { authorization: options.token };
  const rows: Row[] = [];
  for (const [name, url] of Object.entries(options.reads)) {
    const check = await fetch(url, { headers });
    if (!check.ok || !options.hasFound(await check.json())) {
      throw new Error(`${name} found nothing (HTTP ${String(check.status)})`);
    }
    const scenario = {
      name,
      warmUp: true,
      spec: {
        method: 'GET' as const,
        connections: options.connections,
        seconds: options.seconds,
        url,
        headers,
      },
    };
    rows.push(toRow(name, options.connections, await runHttpScenario(scenario), options.ceiling));
  }
  return rows;
}

/** Each named row's p99 against one ceiling in milliseconds. */
export const p99Budgets = (rows: Row[], names: string[], maxMs: number): Budget[] =>
  names.map((name) => {
    const p99 = findRow(rows, name).p99Ms;
    return { name: `${name}: p99 ms`, value: p99, limit: `≤ ${String(maxMs)}`, ok: p99 <= maxMs };
  });
