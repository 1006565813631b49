/**
 * The auth group of `npm run bench`, and the two references every run measures: a bare
 * hello-world (the ceiling) and raw argon2id verifications (what login, registration and each
 * PIN check are bound by).
 */
import { performance } from 'node:perf_hooks';
import { hashSecret, verifySecret, DEMO_USER } from '@karta/api/harness';
import { percentile, type LoadResult } from './load';
import {
  FAST_CONNECTIONS,
  fastScenario,
  findRow,
  runHttpScenario,
  toRow,
  type Budget,
  type HttpScenario,
  type Row,
} from './scenario';
import { loginForToken, type Stack } from './stack';

export const ARGON2 = 'argon2id verify (in-process)';
const HELLO_WORLD = 'hello-world';
export const CURRENT_USER = 'GET /api/v1/auth/current_user';
export const LOGIN = 'POST /api/v1/auth/login';
const REGISTER = 'POST /api/v1/auth/register';
/** Login and registration wait on argon2id; more connections would only queue behind it. */
const ARGON2_CONNECTIONS = 8;
/** libuv's default thread pool has 4 threads, so the server hashes at most 4 at once too. */
const ARGON2_LOOPS = 4;
const ARGON2_SECONDS = 3;
const CURRENT_USER_MIN_RATIO = 0.3;
const CURRENT_USER_MAX_P99_MS = 20;
/** Login at this share of raw argon2id verify throughput or above is bound by argon2id. */
const ARGON2_BOUND_MIN_RATIO = 0.8;

/** Seconds of the argon2id measurement: a few are enough, it varies little. */
export const argon2Seconds = (seconds: number) => Math.min(ARGON2_SECONDS, seconds);

/** hello-world's row; its req/s is the ceiling the other rows are measured against. */
export async function runHelloWorld(stack: Stack, seconds: number): Promise<Row> {
  const scenario = fastScenario(HELLO_WORLD, `${stack.helloUrl}/`, seconds);
  const result = await runHttpScenario(scenario);
  return toRow(HELLO_WORLD, FAST_CONNECTIONS, result, result.requestsPerSecond);
}

function authScenarios(stack: Stack, token: string, seconds: number): HttpScenario[] {
  const api = (route: string) => `${stack.apiUrl}/api/v1/auth${route}`;
  const login = { email: DEMO_USER.email, password: DEMO_USER.password, device: 'web' };
  const hashing = {
    method: 'POST',
    connections: ARGON2_CONNECTIONS,
    seconds,
    headers: { 'content-type': 'application/json' },
  } as const;
  return [
    fastScenario(CURRENT_USER, api('/current_user'), seconds, { authorization: token }),
    {
      name: LOGIN,
      warmUp: false,
      spec: { ...hashing, url: api('/login'), body: JSON.stringify(login) },
    },
    {
      name: REGISTER,
      warmUp: false,
      spec: { ...hashing, url: api('/register'), uniqueRegistrations: true },
    },
  ];
}

/** current_user, login and registration as the demo user. */
export async function runAuthScenarios(
  stack: Stack,
  seconds: number,
  ceiling: number,
): Promise<Row[]> {
  const token = await loginForToken(stack.apiUrl);
  const rows: Row[] = [];
  for (const scenario of authScenarios(stack, token, seconds)) {
    const result = await runHttpScenario(scenario);
    rows.push(toRow(scenario.name, scenario.spec.connections, result, ceiling));
  }
  return rows;
}

/** Raw argon2id verifications per second with the server's parameters, no HTTP, no database. */
export async function runArgon2(seconds: number, ceiling: number): Promise<Row> {
  console.log(`  argon2id verify: ${ARGON2_LOOPS} loops in-process, ${seconds} s`);
  const hash = await hashSecret(DEMO_USER.password);
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const before = performance.now();
      if (!(await verifySecret(hash, DEMO_USER.password))) throw new Error('verify failed');
      latencies.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: ARGON2_LOOPS }, loop));
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const result: LoadResult = {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    total: latencies.length,
    non2xx: 0,
    errors: 0,
  };
  return { ...toRow(ARGON2, ARGON2_LOOPS, result, ceiling), non2xx: null, errors: null };
}

export function checkAuthBudgets(rows: Row[]): Budget[] {
  const currentUser = findRow(rows, CURRENT_USER);
  const login = findRow(rows, LOGIN);
  const argon2 = findRow(rows, ARGON2);
  const loginShare =
    argon2.requestsPerSecond > 0 ? login.requestsPerSecond / argon2.requestsPerSecond : 0;
  return [
    {
      name: 'current_user req/s ÷ hello-world req/s',
      value: currentUser.ratioToHelloWorld,
      limit: `≥ ${CURRENT_USER_MIN_RATIO}`,
      ok: currentUser.ratioToHelloWorld >= CURRENT_USER_MIN_RATIO,
    },
    {
      name: `current_user p99 ms at ${FAST_CONNECTIONS} connections`,
      value: currentUser.p99Ms,
      limit: `≤ ${CURRENT_USER_MAX_P99_MS}`,
      ok: currentUser.p99Ms <= CURRENT_USER_MAX_P99_MS,
    },
    {
      name: 'login req/s ÷ argon2id verify/s (≈1: argon2id is the bound)',
      value: loginShare,
      limit: `≥ ${ARGON2_BOUND_MIN_RATIO}`,
      ok: loginShare >= ARGON2_BOUND_MIN_RATIO,
    },
  ];
}
