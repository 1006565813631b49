/**
 * The median of several runs of the API bench (`npm run bench:api -- --out FILE`, once per run):
 * each scenario's req/s, p50, p99 and × hello-world, each budget's value, and the API process's
 * memory, as the tables docs/benchmarks.md and bench/profiles quote.
 *
 *   node --import tsx bench/api/median.ts run1.json run2.json run3.json
 */
import { readFileSync } from 'node:fs';
import type { Budget, Row } from './scenario';

interface RunResults {
  date: string;
  rows: Row[];
  budgets: Budget[];
  memory?: { rssMb: number; apiProcess?: { rssMb: number; peakRssMb: number } };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One value per run, in the runs' order, where the run has it. */
function valuesOf<T>(runs: RunResults[], pick: (run: RunResults) => T | undefined): T[] {
  return runs.map(pick).filter((value): value is T => value !== undefined);
}

const cell = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${values.map((v) => v.toFixed(digits)).join(' / ')})`;

function summarise(runs: RunResults[]): string {
  const first = runs[0];
  if (!first) throw new Error('usage: median.ts RUN.json [RUN.json …]');
  const lines = [
    `Median of ${runs.length} runs (${runs.map((run) => run.date).join(', ')}); each run's figure in brackets.`,
    '',
    '| scenario | conns | req/s | p50 ms | p99 ms | × hello |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of first.rows) {
    const same = valuesOf(runs, (run) => run.rows.find((r) => r.scenario === row.scenario));
    lines.push(
      `| ${row.scenario} | ${row.connections} | ${cell(
        same.map((r) => r.requestsPerSecond),
        0,
      )} | ${median(same.map((r) => r.p50Ms)).toFixed(1)} | ${median(same.map((r) => r.p99Ms)).toFixed(1)} | ${median(
        same.map((r) => r.ratioToHelloWorld),
      ).toFixed(3)} |`,
    );
  }
  lines.push(
    '',
    '| budget | limit | median (runs) | met by the median |',
    '| --- | --- | --- | --- |',
  );
  for (const budget of first.budgets) {
    const values = valuesOf(runs, (run) => run.budgets.find((b) => b.name === budget.name)?.value);
    lines.push(
      `| ${budget.name} | ${budget.limit} | ${cell(values, 3)} | ${okAt(budget, median(values))} |`,
    );
  }
  const api = valuesOf(runs, (run) => run.memory?.apiProcess?.rssMb);
  if (api.length > 0) lines.push('', `API process (dist/server.js) resident MB: ${cell(api, 0)}`);
  return lines.join('\n');
}

/** Whether a budget's limit ("≥ 0.6", "≤ 20", "= 0") holds for a value. */
function okAt(budget: Budget, value: number): string {
  const match = /^([≥≤=])\s*([\d.]+)/.exec(budget.limit);
  if (!match) return '(reported)';
  const limit = Number(match[2]);
  const ok =
    match[1] === '≥' ? value >= limit : match[1] === '≤' ? value <= limit : value === limit;
  return ok ? 'yes' : 'no';
}

const files = process.argv.slice(2);
console.log(summarise(files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as RunResults)));
