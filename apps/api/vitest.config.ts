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
    // argon2id at 19 MiB costs tens of milliseconds a hash on this machine, and a test may do many.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
