import type { TestProject } from 'vitest/node';
import { ensureChromium, startApp } from './harness.mjs';
import { assertServerLogClean } from './log-scan';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running app, http://127.0.0.1:<port>. */
    baseUrl: string;
    /** Keep every test's step screenshots, passing ones too (E2E_KEEP_SHOTS, vitest.config.ts). */
    keepShots: boolean;
    /**
     * The running app's database and data folder, for what only the server's own command line
     * does (`npm run create-admin`, `createAdminOnServer` in harness.mjs).
     */
    server: { databaseUrl: string; dataDir: string };
  }
}

/**
 * One real app for the whole run, as `npm start` runs it (built web app, API, embedded
 * PostgreSQL), on free ports with a fresh data directory. Every test registers its own users,
 * so tests never share an account.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('server', { databaseUrl: app.databaseUrl, dataDir: app.dataDir });
  return async () => {
    try {
      await assertServerLogClean(app);
    } catch (error) {
      // Vitest only prints a teardown's error; this makes the run fail too.
      process.exitCode = 1;
      throw error;
    } finally {
      await app.stop();
    }
  };
}
