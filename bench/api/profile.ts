/**
 * `--profile DIR` (the profiles behind decisions 044–048), for each measured scenario (not its warm-up):
 * - DIR/<scenario>.cpuprofile, a V8 CPU profile of this process, which serves the API (the load
 *   runs in a child process, load.ts, so the profile holds the server's work and its idle time);
 * - DIR/<scenario>.sql.txt, the statements the API sent to PostgreSQL a request (round trips),
 *   most frequent first, and for a GET the plan of each of one request's SELECTs by
 *   EXPLAIN (ANALYZE, BUFFERS) with that request's own values.
 * Read a profile with `node --import tsx bench/api/profile-summary.ts FILE`, or open it in
 * Chrome's DevTools. Off unless asked for: sampling and recording cost some throughput.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import type { LoadSpec } from './load';
import type { RecordedQuery, Stack } from './stack';

let profiling: { dir: string; stack: Stack } | undefined;

export function enableProfiles(dir: string, stack: Stack): void {
  mkdirSync(dir, { recursive: true });
  profiling = { dir, stack };
}

/** A file name from a scenario's name: `GET /api/v1/auth/current_user` → `get-api-v1-auth-current_user`. */
const fileStem = (scenario: string) =>
  scenario
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Statement texts by how often they ran, per request. */
function describeRoundTrips(queries: RecordedQuery[], requests: number): string {
  const counts = new Map<string, number>();
  for (const { text } of queries) counts.set(text, (counts.get(text) ?? 0) + 1);
  const perRequest = (n: number) => (requests > 0 ? n / requests : 0).toFixed(2);
  return [
    `${queries.length} statements for ${requests} requests: ${perRequest(queries.length)} a request`,
    '',
    ...[...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([text, n]) => `${perRequest(n)} a request:\n  ${text.replace(/\s+/g, ' ')}\n`),
  ].join('\n');
}

/** One request as the load sends it, with the statements it caused explained (SELECTs only). */
async function explainOneRequest(stack: Stack, spec: LoadSpec): Promise<string> {
  const { queries } = await stack.recordQueries(async () => {
    const response = await fetch(spec.url, {
      method: spec.method,
      ...(spec.headers ? { headers: spec.headers } : {}),
      ...(spec.body === undefined ? {} : { body: spec.body }),
    });
    await response.arrayBuffer();
  });
  const client = await stack.db.$client.connect();
  const plans: string[] = [];
  try {
    for (const { text, values } of queries) {
      if (!/^\s*select\b/i.test(text)) {
        plans.push(`-- not explained (not a SELECT):\n${text}\n`);
        continue;
      }
      const result = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${text}`,
        values,
      );
      plans.push(`${text}\n-- values: ${JSON.stringify(values)}`);
      plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'), '');
    }
  } finally {
    client.release();
  }
  return [`One request, ${queries.length} statements:`, '', ...plans].join('\n');
}

/**
 * Runs `work` (one scenario's load) under the CPU profiler and the statement recorder when
 * `--profile` was given, else just runs it; `probe` is a GET whose one request is explained.
 */
export async function profiled<T extends { total: number }>(
  scenario: string,
  work: () => Promise<T>,
  probe?: LoadSpec,
): Promise<T> {
  if (profiling === undefined) return work();
  const { dir, stack } = profiling;
  const stem = path.join(dir, fileStem(scenario));
  const session = new Session();
  session.connect();
  let recorded: { result: T; queries: RecordedQuery[] };
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    recorded = await stack.recordQueries(work);
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${stem}.cpuprofile`, JSON.stringify(profile));
  } finally {
    session.disconnect();
  }
  const sections = [`${scenario}\n`, describeRoundTrips(recorded.queries, recorded.result.total)];
  if (probe?.method === 'GET') sections.push('', await explainOneRequest(stack, probe));
  writeFileSync(`${stem}.sql.txt`, `${sections.join('\n')}\n`);
  return recorded.result;
}
