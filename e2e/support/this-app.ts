import { inject } from 'vitest';
import type { ProvidedApp } from './global-setup';

/**
 * The app this test file's worker drives (support/global-setup.ts starts one per worker).
 * Vitest numbers its workers from 1 (`VITEST_POOL_ID`); a worker keeps its number for every file
 * it runs, so one worker's files never meet another's on a server.
 */
export function thisApp(): ProvidedApp {
  const apps = inject('apps');
  // eslint-disable-next-line no-restricted-properties -- the worker's number, which Vitest hands its workers only this way; not configuration
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const app = apps[(worker - 1) % apps.length];
  if (!app)
    throw new Error(`No app for e2e worker ${String(worker)} (${String(apps.length)} started)`);
  return app;
}
