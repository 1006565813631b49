import type { TestProject } from 'vitest/node';
import { ensureChromium, startApp } from './harness.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running app, http://127.0.0.1:<port>. */
    baseUrl: string;
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
  return async () => {
    await app.stop();
  };
}
