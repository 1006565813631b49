/**
 * The API's resident memory as production runs it: `node apps/api/dist/server.js` in a process
 * of its own, against the bench's database, sent again each steady load the bench has just
 * measured. The bench serves the API from its own process (stack.ts), where tsx, the seeding and
 * the bench's bookkeeping share the memory: that figure is reported beside this one, but only this
 * one is the API's. The batches (approvals, withdrawals) are not sent again: each can be sent
 * once only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../apps/api/src/lib/free-port';
import { runLoad, steadyLoadsRun } from './load';
import type { Stack } from './stack';

const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
/** Enough for each route's code paths and buffers to be reached, and for the heap to settle. */
const MAX_SECONDS_PER_LOAD = 3;
/** Far above any e-mail number the measured registrations used. */
const FIRST_REPLAYED_REGISTRATION = 10_000_000;
const MEGABYTE_IN_KB = 1024;

export interface ProcessMemory {
  /** Resident set size after the loads, MB. */
  rssMb: number;
  /** The highest resident set size while they ran (VmHWM), MB. */
  peakRssMb: number;
  /** How many loads were sent again. */
  loads: number;
}

/** A field of /proc/PID/status in MB (Linux: where the bench runs). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) / MEGABYTE_IN_KB;
}

async function waitUntilReady(child: ChildProcess, url: string, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dist/server.js exited:\n${output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(200);
  }
  throw new Error(`dist/server.js was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export async function measureApiProcessMemory(
  stack: Stack,
  seconds: number,
): Promise<ProcessMemory> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run bench:api builds it`);
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  // The same configuration as the measured API (so its tokens are accepted), without the demo
  // seeding (the database has it) or the payout worker (the measured API ran none).
  const env = { ...stack.apiEnv, PORT: String(port), RUN_WORKER: 'false', SEED_DEMO: 'false' };
  const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  try {
    await waitUntilReady(child, url, () => errors);
    const loads = steadyLoadsRun().filter((spec) => spec.url.startsWith(stack.apiUrl));
    for (const spec of loads) {
      await runLoad({
        ...spec,
        url: url + spec.url.slice(stack.apiUrl.length),
        seconds: Math.min(seconds, MAX_SECONDS_PER_LOAD),
        firstRegistration: FIRST_REPLAYED_REGISTRATION,
      });
    }
    const pid = child.pid ?? 0;
    return {
      rssMb: statusMb(pid, 'VmRSS'),
      peakRssMb: statusMb(pid, 'VmHWM'),
      loads: loads.length,
    };
  } finally {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  }
}
