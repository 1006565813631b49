import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { findFreePort } from './free-port';
import { prepareTemplate, TEMPLATE_DATABASE } from './template-database';

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
  await prepareTemplate(server.url);
  project.provide('pgServerUrl', server.url.slice(0, server.url.lastIndexOf('/')));
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
