import type { TestProject } from 'vitest/node';
import { ensureChromium, startApp } from './harness.mjs';
import { assertServerLogClean } from './log-scan';
import { E2E_WORKERS } from './workers';

/** One running app, as a browser test reaches it (`thisApp()`, support/this-app.ts). */
export interface ProvidedApp {
  /** http://127.0.0.1:<port>. */
  baseUrl: string;
  /**
   * The app's database and data folder, for what only the server's own command line does
   * (`npm run create-admin`, `createAdminOnServer` in harness.mjs).
   */
  server: { databaseUrl: string; dataDir: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One running app per e2e worker: a worker runs its files one after another on its own. */
    apps: ProvidedApp[];
    /** Keep every test's step screenshots, passing ones too (E2E_KEEP_SHOTS, vitest.config.ts). */
    keepShots: boolean;
  }
}

/**
 * One real app per e2e worker, as `npm start` runs it (built web app, API, embedded
 * PostgreSQL), on free ports with a fresh data directory each. Every test registers its own
 * users, so tests never share an account; a worker's files share its app one after another, as
 * every file shared the one app when they ran one at a time.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startApp()));
  const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(apps.map((app) => app.stop()));
    throw failed.reason;
  }
  project.provide(
    'apps',
    apps.map(({ baseUrl, databaseUrl, dataDir }) => ({
      baseUrl,
      server: { databaseUrl, dataDir },
    })),
  );
  return async () => {
    try {
      for (const app of apps) await assertServerLogClean(app);
    } catch (error) {
      // Vitest only prints a teardown's error; this makes the run fail too.
      process.exitCode = 1;
      throw error;
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
    }
  };
}
