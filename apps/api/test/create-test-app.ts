import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { IdentityProvider } from '../src/adapters/identity/identity';
import type { Mailer } from '../src/adapters/mail/mailer';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { DeletionGuard } from '../src/app-context';
import { loadConfig } from '../src/config';
import { connectDatabase, type Database } from '../src/db/client';
import { createFakeClock, type FakeClock } from '../src/lib/clock';
import { codesInMail, recordSensitiveValues, SensitiveValues } from './log-leaks';
import { createResponseContract } from './response-contract';
import { TEMPLATE_DATABASE } from './template-database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Its database: another test app may join it (two API processes on one database). */
  databaseUrl: string;
  clock: FakeClock;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  /** Every password, code, token and personal value the app saw; close() scans `logs` for them. */
  sensitive: SensitiveValues;
  close(): Promise<void>;
}

interface TestAppOptions {
  /** Added to the test settings; a name set to undefined takes the production default. */
  env?: Record<string, string | undefined>;
  mailer?: Mailer;
  deletionGuards?: DeletionGuard[];
  identity?: IdentityProvider;
  onRoute?: BuildAppOptions['onRoute'];
  /**
   * The PostgreSQL server (a URL without a database) to make the test's database on, with a
   * migrated template (template-database.ts); the run's shared server by default.
   */
  pgServerUrl?: string;
  /** A streaming replica of `pgServerUrl`: DATABASE_READ_URL names the same database on it. */
  readServerUrl?: string;
  /** Join this database (another test app's) instead of creating a fresh one. */
  databaseUrl?: string;
}

async function createDatabase(serverUrl: string): Promise<{ url: string; name: string }> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  return { url: `${serverUrl}/${name}`, name };
}

/** A web build stand-in, so history fallback can be tested without building the web app. */
function createWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'karta-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Karta</title><div id="root"></div>',
  );
  // The service worker and the manifest the build writes (apps/web/scripts/service-worker.mjs).
  writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Karta"}\n');
  // The addresses the build lists (apps/web/scripts/prerender.mjs), a few of each kind.
  writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify([
      '/',
      '/home',
      '/dashboard/settings/account/edit-profile',
      '/console/trades/:id',
    ]),
  );
  return dir;
}

/** A test's own mailer, with the codes and addresses it is given recorded on the way. */
function recordingMailer(mailer: Mailer, sensitive: SensitiveValues): Mailer {
  return {
    ...mailer,
    async send(message) {
      sensitive.add('email', message.to);
      for (const code of codesInMail(message.text)) sensitive.add('mailed code', code);
      await mailer.send(message);
    },
  };
}

/** The outbox's addresses and codes: every code the app mailed is a secret too. */
async function recordOutbox(db: Database, sensitive: SensitiveValues): Promise<void> {
  try {
    const mails = await db.execute<{ to: string; text: string }>(
      sql`select "to", text from mail_outbox`,
    );
    for (const mail of mails.rows) {
      sensitive.add('email', mail.to);
      for (const code of codesInMail(mail.text)) sensitive.add('mailed code', code);
    }
  } catch {
    // A test that stopped its database has no outbox to read; its logs are still scanned.
  }
}

/** The real app on its own fresh database, with a clock the test moves by hand. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Another test app's database when joining one; a fresh one otherwise.
  const created = options.databaseUrl
    ? undefined
    : await createDatabase(options.pgServerUrl ?? inject('pgServerUrl'));
  const databaseUrl = options.databaseUrl ?? created?.url ?? '';
  const database = connectDatabase(databaseUrl, 5);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'karta-data-')),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST_DIR: createWebDist(),
    RATE_LIMIT_MAX: '100000',
    // Test files register their users from one address; signup-throttle.test.ts sets it back.
    SIGNUP_LIMIT_PER_IP: '100000',
    LOG_LEVEL: 'info',
    ...(options.readServerUrl &&
      created && { DATABASE_READ_URL: `${options.readServerUrl}/${created.name}` }),
    ...options.env,
  });
  const clock = createFakeClock();
  const logs: string[] = [];
  const sensitive = new SensitiveValues();
  const contract = createResponseContract();
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    logStream: { write: (line: string) => void logs.push(line) },
    ...(options.mailer ? { mailer: recordingMailer(options.mailer, sensitive) } : {}),
    ...(options.deletionGuards ? { deletionGuards: options.deletionGuards } : {}),
    ...(options.identity ? { identity: options.identity } : {}),
    onRoute: (route) => {
      options.onRoute?.(route);
      contract.onRoute(route);
      recordSensitiveValues(route, sensitive);
    },
  });
  await app.ready();
  await contract.load(app.swagger());
  return {
    app,
    db: database.db,
    databaseUrl,
    clock,
    logs,
    sensitive,
    async close() {
      await recordOutbox(database.db, sensitive);
      await app.close();
      await database.close();
      // No password, code, token or personal value this app saw may be in its logs.
      sensitive.assertNotIn(logs);
      // Every response this app gave must match the OpenAPI document (test/response-contract.ts).
      const mismatches = contract.mismatches();
      if (mismatches.length) {
        throw new Error(
          `Responses that do not match the OpenAPI document:\n${mismatches.join('\n')}`,
        );
      }
    },
  };
}
