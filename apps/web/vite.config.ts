import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appChunkGroup, dashboardChunkGroup } from './scripts/dashboard-chunk.mjs';

/**
 * React Router's production build. Its package sends every bundler to `dist/development` (a
 * temporary choice of theirs), which keeps its development warnings in our bundle; the build in
 * `dist/production` is the same code with them off: 0.6 kB gzip less before any page is
 * interactive (decision 076). Builds only: the dev server and the tests keep the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : {},
  server: {
    // In development the API runs on :3000; the dev server forwards to it so the app is
    // same-origin there too (the refresh cookie is SameSite=Strict).
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  // Maps are written for reading a stack trace by hand, but the bundles do not name them
  // (`hidden`): production does not serve them (plugins/web-app.ts, decision 050), and a
  // `sourceMappingURL` would point every browser at a 404.
  build: {
    sourcemap: 'hidden',
    // The dashboard's own modules in one file (apps/web/scripts/dashboard-chunk.mjs, decision 074).
    // The browser's build only: the pre-rendering build (apps/web/scripts/prerender.mjs) runs once, here.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: { codeSplitting: { groups: [appChunkGroup(), dashboardChunkGroup()] } },
          },
        }),
  },
}));
