import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgBossQueue } from '../src/adapters/jobs/jobs';
import { API_ROOT } from '../src/config';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { applyMigrations } from '../src/db/migrate';
import { findFreePort } from './free-port';

export const TEMPLATE_DATABASE = 'karta_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://…@127.0.0.1:port, without a database name. */
    pgServerUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run, with a migrated template database; each test file
 * then gets its own database copied from the template (see create-test-app.ts).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karta-test-pg-'));
  const port = await findFreePort();
  const server = await startEmbeddedPostgres({
    dataDir,
    port,
    database: TEMPLATE_DATABASE,
    ephemeral: true,
  });
  const template = connectDatabase(server.url, 1);
  await applyMigrations(template.db, path.join(API_ROOT, 'drizzle'));
  // The job queue's schema too: every app starts its queue at boot, and a copy that already has
  // it starts in milliseconds instead of creating it again in each test file.
  const jobs = createPgBossQueue(template.db, { warn: console.warn, error: console.error });
  await jobs.start();
  await jobs.stop();
  await template.close();
  project.provide('pgServerUrl', server.url.slice(0, server.url.lastIndexOf('/')));
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
