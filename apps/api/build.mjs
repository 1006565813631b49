// Bundles the API's entry points for `node dist/*.js`. The shared package is bundled in from
// its TypeScript source; every other dependency stays in node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@karta/'),
);

const result = await build({
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/create-admin.ts', 'src/after-restore.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external: [...external, 'pino'],
  // `dist/x.js` sits where `src/x.ts` did, so import.meta.url-relative paths agree.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});

// Test code lives in test/ and *.test.ts, and production code never imports it (lint's
// api-layers rule); this makes sure none of it reached the bundle anyway.
const testInputs = Object.keys(result.metafile.inputs).filter(
  (input) => /(^|\/)test\//.test(input) || /\.test\.ts$/.test(input),
);
if (testInputs.length > 0) {
  throw new Error(`test code in dist/: ${testInputs.join(', ')}`);
}
