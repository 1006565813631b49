import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
