import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at once on two cores (Vitest's default would be one): API tests wait on
    // PostgreSQL and argon2id's threads as much as they compute, so a second file fills the gap.
    // The e2e project still runs its files one at a time, after the others (its own config).
    maxWorkers: 2,
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      'e2e',
      // The lint rules that keep the walls (eslint-rules/), on code they must pass and refuse.
      { test: { name: 'lint-rules', include: ['eslint-rules/*.test.mjs'] } },
    ],
  },
});
