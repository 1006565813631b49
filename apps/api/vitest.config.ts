import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // argon2id at 19 MiB costs tens of milliseconds a hash on this machine, and a test may do many.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
