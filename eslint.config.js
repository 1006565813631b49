// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import apiWalls from './eslint-rules/api-feature-walls.mjs';
import apiLayers from './eslint-rules/api-layers.mjs';
import webLayers from './eslint-rules/web-layers.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'apps/api/drizzle/**',
      // Generated from the OpenAPI document by `npm run contract` (packages/client/README.md).
      'packages/client/src/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Config files that belong to no workspace's tsconfig.
          allowDefaultProject: ['vitest.config.ts', 'packages/shared/vitest.config.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      // process.env is read in exactly one module (docs/ARCHITECTURE.md#ports-and-their-defaults).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    files: ['apps/api/src/config.ts', '**/*.config.ts', '**/*.mjs', 'eslint.config.js'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.mjs', 'eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The service worker: a plain script the web build copies (apps/web/scripts/service-worker.mjs).
    files: ['apps/web/service-worker/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.serviceworker },
      sourceType: 'script',
    },
  },
  {
    // RTK Query spells "this endpoint takes no argument" as void.
    files: ['apps/web/src/**/api.ts', 'apps/web/src/lib/*-api.ts'],
    rules: { '@typescript-eslint/no-invalid-void-type': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The API's walls (docs/ARCHITECTURE.md#features-and-their-walls, decision 057), held for
    // every file that could reach into it: the API itself, its tests, bench/, cluster/ and e2e/.
    files: ['apps/api/**/*.ts', 'bench/**/*.{ts,mjs}', 'cluster/**/*.ts', 'e2e/**/*.{ts,mts,mjs}'],
    plugins: { 'api-walls': apiWalls, 'api-layers': apiLayers },
    rules: {
      // A feature is used only through its *.service.ts files or a module named here (from
      // outside the features also its *.routes.ts and the wiring below), and no two features
      // depend on each other (eslint-rules/api-feature-walls.mjs).
      'api-walls/feature-walls': [
        'error',
        {
          featuresDir: 'apps/api/src/features',
          publicModules: {
            'mail/mail-layout': 'the mail frame every feature writes in: pure HTML, no state',
            'trades/trade-photo':
              'the re-encoding every uploaded photo goes through (card photos, KYC documents, support messages): bytes in, WebP out, no state',
            'trades/trade-image-urls':
              'the signed links of photos (decision 010), also for support messages’ photos (decision 070): an HMAC, no state',
            'sessions/refresh-cookie':
              'the refresh cookie the sign-in and sign-out routes set: pure HTTP, no state',
          },
          wiringModules: {
            'metrics/metrics.plugin': 'app.ts registers it before the routes, to time them all',
            'metrics/metrics-server': 'server.ts serves /metrics on its own loopback port',
            'trades/offer-expiry-worker': 'server.ts and worker.ts start it',
            'kyc/kyc-tier-notices': 'server.ts and worker.ts start it (decision 063)',
            'events/events-prune-worker': 'server.ts and worker.ts start it (decision 069)',
            'withdrawals/payout-worker': 'server.ts and worker.ts start it',
            'withdrawals/process-withdrawal':
              'the payout job the worker runs; the API test helpers run it in place of the queue',
            'catalog/catalog-seed': 'server.ts seeds the catalog on a first start; bench/ too',
            'withdrawals/after-restore-report':
              'after-restore.ts prints the after-restore check with it (a table or JSON)',
          },
        },
      ],
      // lib/, db/, adapters/, config.ts → app-context.ts → plugins/ → features/ → the entry
      // points; production code never imports apps/api/test/; bench/, cluster/ and e2e/ import
      // only the harness module (eslint-rules/api-layers.mjs).
      'api-layers/layers': ['error', { apiDir: 'apps/api', harnessModule: '@karta/api/harness' }],
    },
  },
  {
    // Large libraries only some requests or settings need load on first use (decision 045): a
    // static import would put them back in every API process's memory at start.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            '@aws-sdk/client-s3',
            'file-type',
            'heic-decode',
            'ioredis',
            'nodemailer',
            'pdfkit',
            'sharp',
          ].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Loaded on first use (decision 045): `await import()` it where it is needed.',
          })),
        },
      ],
    },
  },
  {
    // The web app's layers (decision 018, eslint-rules/web-layers.mjs): lib/ and components/ →
    // features/* → app/, and no feature imports another.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-layers': webLayers },
    rules: { 'web-layers/layers': ['error', { srcDir: 'apps/web/src' }] },
  },
  prettier,
);
