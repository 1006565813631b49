import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    // After the other projects (groupOrder), so their work does not slow the browser into
    // timeouts; then E2E_WORKERS files at once, each worker with its own app and browser.
    maxWorkers: E2E_WORKERS,
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    // expect.poll's own default (1 s) is shorter than a filtered list's answer can take on two
    // cores that also run the cluster proofs (npm test runs them side by side): a page is given
    // as long as Playwright gives an element to appear.
    expect: { poll: { timeout: 10_000 } },
    // E2E_KEEP_SHOTS=1 keeps a passing test's step screenshots too (support/test.ts).
    provide: { keepShots: Boolean(process.env.E2E_KEEP_SHOTS) },
    // Starting the server the first time initialises a PostgreSQL cluster.
    hookTimeout: 150_000,
  },
});
