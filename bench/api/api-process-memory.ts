/**
 * The API's resident memory as production runs it: `node apps/api/dist/server.js` in a process
 * of its own, against the bench's database, sent again each steady load the bench has just
 * measured. The bench serves the API from its own process (stack.ts), where tsx, the seeding and
 * the bench's bookkeeping share the memory: that figure is reported beside this one, but only this
 * one is the API's. The batches (approvals, withdrawals) are not sent again: each can be sent
 * once only.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ManagedProcess } from '../../cluster/support/managed-process';
import { findFreePort } from '@karta/api/harness';
import { runLoad, steadyLoadsRun } from './load';
import { processMemoryMb } from './process-memory';
import type { Stack } from './stack';

const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
/** Enough for each route's code paths and buffers to be reached, and for the heap to settle. */
const MAX_SECONDS_PER_LOAD = 3;
/** Far above any e-mail number the measured registrations used. */
const FIRST_REPLAYED_REGISTRATION = 10_000_000;

export interface ProcessMemory {
  /** Resident set size after the loads, MB. */
  rssMb: number;
  /** The highest resident set size while they ran (VmHWM), MB. */
  peakRssMb: number;
  /** How many loads were sent again. */
  loads: number;
}

export async function measureApiProcessMemory(
  stack: Stack,
  seconds: number,
): Promise<ProcessMemory> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run bench:api builds it`);
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'karta-bench-api-'));
  // The same configuration as the measured API (so its tokens are accepted), without the demo
  // seeding (the database has it) or the payout worker (the measured API ran none).
  const server = new ManagedProcess({
    name: 'dist/server.js',
    command: process.execPath,
    args: [SERVER],
    env: { ...stack.apiEnv, PORT: String(port), RUN_WORKER: 'false', SEED_DEMO: 'false' },
    logFile: path.join(folder, 'server.log'),
    isReady: async () => (await fetch(`${url}/readyz`)).ok,
  });
  try {
    await server.start();
    const loads = steadyLoadsRun().filter((spec) => spec.url.startsWith(stack.apiUrl));
    for (const spec of loads) {
      await runLoad({
        ...spec,
        url: url + spec.url.slice(stack.apiUrl.length),
        seconds: Math.min(seconds, MAX_SECONDS_PER_LOAD),
        firstRegistration: FIRST_REPLAYED_REGISTRATION,
      });
    }
    const pid = server.pid ?? 0;
    const rssMb = processMemoryMb(pid, 'VmRSS');
    const peakRssMb = processMemoryMb(pid, 'VmHWM');
    if (rssMb === null || peakRssMb === null) throw new Error(`no /proc/${pid}/status to read`);
    return { rssMb, peakRssMb, loads: loads.length };
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
