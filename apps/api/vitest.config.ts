import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'api',
    environment: 'node',
    // Tests beside the code they test (src/), and the helpers and whole-app suites that test
    // nothing in particular (test/: never imported by src/, so never in dist/).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A worker runs its files in one module graph: each file still builds its own app on its own
    // database (create-test-app.ts), but Fastify, drizzle and the features load once per worker,
    // not once per file (a fresh process and import per file cost about 130 of the project's
    // 300 s on two cores). docs/testing.md says what a test may not rely on.
    isolate: false,
    // argon2id at 19 MiB costs tens of milliseconds a hash on this machine, and a test may do many.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
