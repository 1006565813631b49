/**
 * The child process of load.ts: one spec in over IPC, one summary back, then exit. A LoadSpec
 * runs autocannon for a duration; a BatchSpec sends each of its requests exactly once.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { percentile, type BatchSpec, type LoadResult, type LoadSpec } from './load';

/** The first few failed answers of a batch, to say what went wrong. */
const FAILURE_SAMPLES = 3;

function registrationBody(n: number): string {
  return JSON.stringify({
    first_name: 'Bench',
    last_name: 'User',
    email: `bench${n}@example.com`,
    mobile_number: `+23481${String(n).padStart(8, '0')}`,
    gender: 'Female',
    date_of_birth: '1995-01-01',
    password: 'Ikeja#Market2026',
    verify_password: 'Ikeja#Market2026',
    referral_code: null,
  });
}

/** One counter for all connections, so no two requests share an account. */
function uniqueRegistrationRequest(first: number): autocannon.Request {
  let next = first - 1;
  return {
    setupRequest(request) {
      next += 1;
      return { ...request, body: registrationBody(next) };
    },
  };
}

function toAutocannonOptions(spec: LoadSpec): autocannon.Options {
  return {
    url: spec.url,
    method: spec.method,
    connections: spec.connections,
    duration: spec.seconds,
    headers: spec.headers ?? {},
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(spec.uniqueRegistrations
      ? { requests: [uniqueRegistrationRequest(spec.firstRegistration ?? 1)] }
      : {}),
  };
}

function summarise(result: autocannon.Result): LoadResult {
  return {
    requestsPerSecond: result.requests.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Answers other than the expected one count as failures: each request must succeed. */
async function runBatch(spec: BatchSpec): Promise<LoadResult> {
  let next = 0;
  let unexpected = 0;
  let errors = 0;
  const failureSamples: string[] = [];
  const latencies: number[] = [];
  const worker = async (headers: Record<string, string>) => {
    for (let i = next++; i < spec.requests.length; i = next++) {
      const request = spec.requests[i];
      if (!request) break;
      const before = performance.now();
      try {
        const response = await fetch(request.url, {
          method: spec.method,
          headers: { ...headers, ...request.headers },
          body: request.body,
        });
        const text = await response.text();
        if (response.status !== spec.expectedStatus) {
          unexpected += 1;
          if (failureSamples.length < FAILURE_SAMPLES) {
            failureSamples.push(`HTTP ${response.status}: ${text.slice(0, 300)}`);
          }
        }
      } catch (error) {
        errors += 1;
        if (failureSamples.length < FAILURE_SAMPLES) {
          failureSamples.push(error instanceof Error ? error.message : 'unknown error');
        }
      }
      latencies.push(performance.now() - before);
    }
  };
  const started = performance.now();
  await Promise.all(spec.workerHeaders.map(worker));
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    total: latencies.length,
    non2xx: unexpected,
    errors,
    failureSamples,
  };
}

const spec = await new Promise<LoadSpec | BatchSpec>((resolve) => {
  process.once('message', (message) => {
    resolve(message as LoadSpec | BatchSpec);
  });
});
const summary =
  'requests' in spec
    ? await runBatch(spec)
    : summarise(await autocannon(toAutocannonOptions(spec)));
await new Promise<void>((resolve, reject) => {
  process.send?.(summary, (error: Error | null) => {
    if (error) reject(error);
    else resolve();
  });
});
process.disconnect();
