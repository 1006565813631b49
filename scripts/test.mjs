// `npm test`: the whole suite, in rounds of steps that run side by side.
//
//   0. the API contract: the OpenAPI document written to apps/api/dist/openapi.json (and the
//      client generated from it), linted by Redocly: a few seconds, before what reads it.
//   1. typecheck, lint and build: each mostly one thread, so two cores run them together in the
//      time of the longest (about 60 s idle, where one after another took 90 s).
//   2. `vitest run` (shared, api, web, lint rules, then e2e) and the cluster proofs. The cluster
//      proofs spend most of their 200 s waiting (a payout's webhook, reconciliation's minute,
//      nginx marking a killed process down): about 35 s of processor time, which fits beside
//      Vitest's two workers.
//
// Vitest's output streams as it runs; a step run beside it prints when it ends, whole, so no
// two reports interleave. Every step of a round runs to its end, so one run reports all that is
// wrong in it; a round with a failure ends the run (the second needs the first's build). The
// exit code is the first failing step's, and each step's time is printed at the end.
import { spawn } from 'node:child_process';

const rounds = [
  // First and alone: the OpenAPI document and what is generated from it (packages/client), which
  // the type check and the build read, then Redocly's lint of it (docs/api.md).
  [{ name: 'API contract', args: ['run', '-s', 'contract:check'] }],
  [
    { name: 'typecheck', args: ['run', '-s', 'typecheck:tsc'] },
    { name: 'lint', args: ['run', '-s', 'lint:code'] },
    { name: 'build', args: ['run', '-s', 'build:apps'] },
    // What the browser tests and the cluster proofs need from Debian, installed one after the
    // other here (each harness would install its own when missing, and two apt-gets at once
    // fight over dpkg's lock).
    {
      name: 'test tools',
      command: 'bash',
      args: ['-c', 'bash scripts/ensure-chromium.sh && bash scripts/ensure-cluster-tools.sh'],
    },
  ],
  [
    { name: 'vitest', args: ['exec', '--', 'vitest', 'run'], live: true },
    { name: 'cluster proofs', args: ['run', '-s', 'test:cluster'] },
  ],
];

/** Runs one step through npm (so it finds the lockfile's Node first on its PATH). */
function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command ?? 'npm', step.args, {
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      if (!step.live) {
        process.stdout.write(`\n── ${step.name} (${seconds.toFixed(0)} s) ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: step.name, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

// A stop asked of `npm test` (Ctrl-C, a CI's cancel) reaches the steps too: they share its
// process group, and each stops its own servers and databases.
const results = [];
for (const round of rounds) {
  results.push(...(await Promise.all(round.map(run))));
  if (results.some((result) => result.code !== 0)) break;
}

process.stdout.write('\n── npm test ──\n');
for (const { name, code, seconds } of results) {
  process.stdout.write(`${code === 0 ? 'passed' : 'FAILED'}  ${name}  ${seconds.toFixed(0)} s\n`);
}
const failed = results.find((result) => result.code !== 0);
process.exitCode = failed ? failed.code : 0;
