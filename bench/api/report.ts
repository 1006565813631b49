/** The API benchmark's table, its budgets list and its results file. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Budget, Row } from './scenario';

export const RESULTS_FILE = fileURLToPath(new URL('../results.json', import.meta.url));
/** A stray failure or two (a socket reset at the very end) is noise; more is a broken run. */
export const MAX_FAILURES_PER_SCENARIO = 5;

const fixed = (value: number | null, digits: number) =>
  value === null ? '-' : value.toFixed(digits);
/** autocannon records whole milliseconds, so a 0 means "under one". */
const milliseconds = (value: number) => (value === 0 ? '<1' : value.toFixed(1));

export function formatTable(rows: Row[]): string {
  const header = ['scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', '× hello'];
  const cells = rows.map((row) => [
    row.scenario,
    String(row.connections),
    fixed(row.requestsPerSecond, 1),
    milliseconds(row.p50Ms),
    milliseconds(row.p99Ms),
    fixed(row.non2xx, 0),
    fixed(row.errors, 0),
    fixed(row.ratioToHelloWorld, 3),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((line) => (line[i] ?? '').length)),
  );
  // The scenario column reads left to right; numbers line up on the right.
  const format = (line: string[]) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)));
  const rule = widths.map((width) => '-'.repeat(width));
  return [format(header), rule, ...cells.map(format)].map((line) => line.join('  ')).join('\n');
}

export function formatBudgets(budgets: Budget[]): string {
  return budgets
    .map((b) => `  ${b.ok ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value.toFixed(3)} (${b.limit})`)
    .join('\n');
}

/** Scenarios whose failures are more than noise: the run measured something broken. */
export function failedScenarios(rows: Row[]): string[] {
  return rows
    .filter((row) => (row.non2xx ?? 0) + (row.errors ?? 0) > MAX_FAILURES_PER_SCENARIO)
    .map((row) => row.scenario);
}

/** Written to a temporary file first, so a reader never sees half a results file. */
export function writeResults(results: object, file: string = RESULTS_FILE): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(temporary, file);
}
