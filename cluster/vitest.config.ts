import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: Karta on several processes behind nginx (cluster/support). Not one of
 * the default projects: it starts PostgreSQL, Redis, nginx and six processes, and kills them.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['*.cluster.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    // Starting the cluster initialises a PostgreSQL cluster and waits for six processes.
    hookTimeout: 180_000,
  },
});
