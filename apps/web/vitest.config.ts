import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases, reactDependencies, testingLibraryAlias } from './preact-compat.ts';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react({ refreshExclude: /./ })],
  resolve: {
    alias: [testingLibraryAlias, ...preactAliases],
    // Vitest resolves packages as Node does, which picks React Router's CommonJS build (and the
    // real React with it); the ES module builds go through Vite and the aliases.
    conditions: ['module', 'node', 'development|production'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    // Whole flows typed with user-event take 1–2 s alone; on CI's 2 cores, shared with the
    // other projects, the default 5 s is too tight.
    testTimeout: 15_000,
    server: { deps: { inline: reactDependencies } },
  },
});
