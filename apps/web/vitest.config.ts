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
    server: { deps: { inline: reactDependencies } },
  },
});
