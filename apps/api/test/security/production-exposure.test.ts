import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../create-test-app';

/** What production must set to start at all (config.ts); the database is the test's own. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(48),
  SMTP_URL: 'smtp://127.0.0.1:1',
  PAYOUT_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: 'sk_test_karta_production_exposure',
};

/** A web build with its source maps beside the code, as `vite build` writes them. */
function webBuildWithSourceMaps(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'karta-web-maps-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets/console-a1b2.js'), 'export const desk = 1;\n');
  writeFileSync(path.join(dir, 'assets/console-a1b2.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(path.join(dir, 'sw.js.map'), '{"version":3,"sources":[]}');
  return dir;
}

const MAPS = ['/assets/console-a1b2.js.map', '/sw.js.map', '/%61ssets/console-a1b2.js.map'];
const DOCS = [
  '/api/docs',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/%61pi/docs/json',
];

let production: TestApp;
let development: TestApp;
beforeAll(async () => {
  const webDistDir = webBuildWithSourceMaps();
  production = await createTestApp({ env: { ...PRODUCTION, WEB_DIST_DIR: webDistDir } });
  development = await createTestApp({ env: { WEB_DIST_DIR: webDistDir } });
});
afterAll(async () => {
  await production.close();
  await development.close();
});

describe('source maps', () => {
  it('are not served in production: 404, while the code they map is', async () => {
    const code = await production.app.inject({ url: '/assets/console-a1b2.js' });
    expect(code.statusCode).toBe(200);
    for (const url of MAPS) {
      const map = await production.app.inject({ url });
      expect(map.statusCode, url).toBe(404);
      expect(map.body, url).not.toContain('"version":3');
    }
  });

  it('are served outside production, for debugging', async () => {
    const map = await development.app.inject({ url: '/assets/console-a1b2.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('"version":3');
  });
});

describe('the API reference (API_DOCS)', () => {
  it('is off by default in production: every /api/docs path is the API’s 404', async () => {
    for (const url of DOCS) {
      const response = await production.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ status: 'error' });
    }
  });

  it('is public by default outside production', async () => {
    const document = await development.app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ info: { title: 'Karta API' } });
    const page = await development.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('follows API_DOCS when it is set, and refuses any other value', () => {
    const database = { DATABASE_URL: 'postgres://localhost:5432/karta' };
    expect(loadConfig({ ...PRODUCTION, ...database }).apiDocs).toBe('off');
    expect(loadConfig({ ...PRODUCTION, ...database, API_DOCS: 'public' }).apiDocs).toBe('public');
    // A secret given, so that loading the configuration writes no secrets file.
    const secret = { JWT_SECRET: PRODUCTION.JWT_SECRET };
    expect(loadConfig({ ...secret, NODE_ENV: 'development' }).apiDocs).toBe('public');
    expect(loadConfig({ ...secret, NODE_ENV: 'test', API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ ...secret, NODE_ENV: 'test', API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});
