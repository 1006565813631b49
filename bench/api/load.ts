/**
 * The load itself runs in a child process (load-generator.ts), as a real client would: in the
 * servers' process it would share their event loop, and the servers' numbers would include the
 * client's work. (Not a worker thread: autocannon skips its result aggregation off the main
 * thread.) The child inherits this process's `--import tsx`, so it runs from source too.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/** What the load generator needs to drive one scenario; plain data, since it crosses processes. */
export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  body?: string;
  /** Registration: each request gets its own e-mail and phone number. */
  uniqueRegistrations?: boolean;
  /** The number in the first registration's e-mail (1 unless said): a second run must not reuse them. */
  firstRegistration?: number;
}

/**
 * Each request sent exactly once, by concurrent workers, each with its own headers and one
 * request in flight (operators approving trades: a trade can be approved only once; users
 * asking for a withdrawal, each with its own Idempotency-Key).
 */
export interface BatchSpec {
  requests: { url: string; body: string; headers?: Record<string, string> }[];
  method: 'POST';
  /** One worker per entry; a request's own headers are added to its worker's. */
  workerHeaders: Record<string, string>[];
  /** Any other answer counts as a failure (non2xx). */
  expectedStatus: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Batches only: the status and body of the first few failures. */
  failureSamples?: string[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** The steady loads this run sent, in order (batches are left out: each can be sent once). */
const steadyLoads: LoadSpec[] = [];
export const steadyLoadsRun = (): readonly LoadSpec[] => steadyLoads;

/** Runs the load in a child process and waits for its summary. */
export function runLoad(spec: LoadSpec | BatchSpec): Promise<LoadResult> {
  if (!('requests' in spec)) steadyLoads.push(spec);
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_GENERATOR);
    let summary: LoadResult | undefined;
    child.once('message', (message) => {
      summary = message as LoadResult;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (summary && code === 0) resolve(summary);
      else reject(new Error(`load generator exited with code ${String(code)} and no result`));
    });
    child.send(spec);
  });
}
