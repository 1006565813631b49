/**
 * `npm run bench:web`: how heavy and how fast the public web pages are.
 *
 * 1. Builds the web app (`npm run build -w @karta/web`) and reports, from Vite's manifest, for
 *    each public page, the gzip size of the JavaScript it needs before it is interactive: the
 *    entry chunk and everything it imports statically, plus the lazy route chunk(s) the page's
 *    route loads and their static imports. Beside it, what a real Chromium actually fetched
 *    while opening the page (until the network is idle), sized the same way.
 * 2. Starts the real server (API + built web app + a fresh embedded PostgreSQL on free ports,
 *    as the browser tests do) and runs Lighthouse 12 with its default mobile configuration
 *    (simulated throttling) on /home, /login, /register and /rate-calculator.
 *
 * 3. Opens /dashboard as a signed-in seller on a slow phone network (Chromium's own throttling
 *    over CDP: 2 s latency, 400 kbps down and up; 360 × 740), cold (empty cache) and warm
 *    (the same page again), and times the first visible content (decision 043: it was blank for
 *    6–22 s). "First visible content" is the first frame painted with the dashboard's frame on
 *    screen: its skeleton or its real header (whichever comes first), after the first
 *    contentful paint; "ready" is the real header (the dashboard's code and session are in).
 *
 * Prints one table, checks the budgets, writes bench/web-results.json. Budgets are reported,
 * not enforced, unless --strict is given; the exit code is 1 when the bench itself broke.
 * Options: --skip-build (measure the current apps/web/dist), --runs N (Lighthouse runs a page,
 * and slow dashboard loads, the median counts; 3 by default), --strict (exit 1 when a budget
 * fails), --dashboard-only (only the slow dashboard, no bundle sizes or Lighthouse; it replaces
 * only the dashboard's part of the results file), --bundles-only (only the bytes from the
 * manifest: no server, no browser, seconds; the sizes are exact and the same on a busy machine;
 * prints them with their budgets, writes no results).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import prettier from 'prettier';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  REPO_ROOT,
  ensureChromium,
  startApp,
} from '../e2e/support/harness.mjs';

const WEB_ROOT = path.join(REPO_ROOT, 'apps/web');
const WEB_DIST = path.join(WEB_ROOT, 'dist');
const VITE_BIN = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');
const SERVER_JS = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const RESULTS_FILE = path.join(REPO_ROOT, 'bench/web-results.json');

/**
 * The budgets on React (decision 014): JavaScript before interactive per page
 * (the pages the issue does not name keep the guest pages' 160 kB), and for every Lighthouse
 * page performance, accessibility, LCP, total blocking time and layout shift.
 */
const JS_BUDGET_KB = { '/home': 125, '/login': 160, '/register': 160 };
const DEFAULT_JS_BUDGET_KB = 160;
const BUDGETS = { performance: 0.98, accessibility: 1, lcpMs: 1800, tbtMs: 100, cls: 0.02 };

/**
 * The public pages and the modules their routes load lazily (apps/web/src/app/public-routes.tsx, guest-routes.tsx):
 * the other public pages are in the entry chunk.
 */
const PUBLIC_PAGES = [
  { path: '/home', lazy: [] },
  { path: '/about', lazy: ['src/features/public/components/about-page.tsx'] },
  { path: '/contact', lazy: ['src/features/public/components/contact-page.tsx'] },
  { path: '/terms_of_use', lazy: ['src/features/public/components/terms-page.tsx'] },
  { path: '/privacy_policy', lazy: ['src/features/public/components/privacy-page.tsx'] },
  { path: '/login', lazy: ['src/features/auth/components/login-page.tsx'] },
  { path: '/register', lazy: ['src/features/auth/components/register-page.tsx'] },
  {
    path: '/rate-calculator',
    lazy: ['src/features/rate-calculator/components/rate-calculator-page.tsx'],
  },
];
const LIGHTHOUSE_PAGES = ['/home', '/login', '/register', '/rate-calculator'];
/** A Lighthouse run takes 20–40 s here; one that takes far longer has hung. */
const LIGHTHOUSE_TIMEOUT_MS = 150_000;
const DEFAULT_LIGHTHOUSE_RUNS = 3;
const MAX_FAILED_RUNS = 3;
const PAGE_LOAD_TIMEOUT_MS = 30_000;

/** The slow phone network of decision 043, and its goals for the dashboard's first visible content. */
const SLOW_NETWORK = {
  offline: false,
  latency: 2000,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};
const DASHBOARD_BUDGET_MS = { warm: 3000, cold: 6000 };
/** Decision 074: the balance and the recent trades themselves (not a skeleton) on that network. */
const BALANCE_BUDGET_MS = { warm: 3000, cold: 10_000 };
const SLOW_PAGE_TIMEOUT_MS = 90_000;
const BENCH_PASSWORD = 'Ikeja#Market2026';

const kb = (bytes) => bytes / 1024;
const gzipSizes = new Map();
/** gzip -9 size of a built file, as a server compressing it would send it. */
function gzipSize(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    const built = path.join(WEB_DIST, file);
    if (!existsSync(built)) {
      throw new Error(`${file} is not in apps/web/dist: it is older than the sources; rebuild`);
    }
    size = gzipSync(readFileSync(built), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

// ---------------------------------------------------------------- build and bundle sizes

const run = (command, args, cwd = REPO_ROOT) =>
  execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });

/**
 * The web app as `npm run build` makes it, and Vite's manifest of it (the map from source
 * modules to chunks). Without `build.manifest` in vite.config.ts, a second build into a
 * temporary folder writes one: the same sources give the same chunk names.
 */
function build(options) {
  if (!options.skipBuild) {
    console.log('Building the web app…');
    run('npm', ['run', 'build', '-w', '@karta/web']);
  }
  if (options.needsServer && !existsSync(SERVER_JS)) {
    console.log('Building the API…');
    run('npm', ['run', 'build', '-w', '@karta/api']);
  }
  if (existsSync(MANIFEST)) return JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const sideBuild = mkdtempSync(path.join(os.tmpdir(), 'karta-web-manifest-'));
  try {
    run(
      process.execPath,
      [VITE_BIN, 'build', '--manifest', '--outDir', sideBuild, '--emptyOutDir', '--logLevel=error'],
      WEB_ROOT,
    );
    return JSON.parse(readFileSync(path.join(sideBuild, '.vite/manifest.json'), 'utf8'));
  } finally {
    rmSync(sideBuild, { recursive: true, force: true });
  }
}

/** A chunk and every chunk it imports statically (what the browser must fetch with it). */
function staticClosure(manifest, key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest (did a route move?)`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

function measureBundles(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  return PUBLIC_PAGES.map((page) => {
    const files = staticClosure(manifest, entryKey);
    for (const key of page.lazy) staticClosure(manifest, key, files);
    const chunks = [...files].map((file) => ({ file, gzipBytes: gzipSize(file) }));
    const gzipBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    return { page: page.path, gzipBytes, chunks };
  });
}

/** The scripts a real Chromium fetches while opening each page, until the network is idle. */
async function measureLoadedScripts(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const { path: pagePath } of PUBLIC_PAGES) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const scripts = new Set();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) scripts.add(pathname.slice(1));
      });
      await page.goto(`${baseUrl}${pagePath}`, {
        waitUntil: 'networkidle',
        timeout: PAGE_LOAD_TIMEOUT_MS,
      });
      await context.close();
      const files = [...scripts].filter((file) => existsSync(path.join(WEB_DIST, file)));
      const gzipBytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
      results.push({ page: pagePath, gzipBytes, files });
    }
    return results;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- Lighthouse

/** chrome-launcher comes with Lighthouse; it is found where Lighthouse finds it. */
async function loadChromeLauncher() {
  const requireFromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
  return import(pathToFileURL(requireFromLighthouse.resolve('chrome-launcher')).href);
}

async function withTimeout(promise, ms, what) {
  const controller = new AbortController();
  const timeout = sleep(ms, undefined, { signal: controller.signal }).then(() => {
    throw new Error(`${what} took more than ${ms / 1000} s`);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    controller.abort();
    timeout.catch(() => undefined);
  }
}

const EMPTY_AUDIT = {
  performance: null,
  accessibility: null,
  lcpMs: null,
  fcpMs: null,
  tbtMs: null,
  cls: null,
  speedIndexMs: null,
  failingAccessibilityAudits: [],
  failingPerformanceAudits: [],
  opportunities: [],
};

/** One Lighthouse run of one page, in a browser of its own (no cache or state carried over). */
async function lighthouseOnce(launch, url) {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      }),
      LIGHTHOUSE_TIMEOUT_MS,
      `Lighthouse on ${url}`,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    const failing = (category) =>
      lhr.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
    // What Lighthouse says would save the most time (text compression, unused JS…).
    const opportunities = Object.values(lhr.audits)
      .filter((item) => item.details?.type === 'opportunity' && (item.score ?? 1) < 1)
      .map((item) => ({
        id: item.id,
        savingsMs: Math.round(item.details.overallSavingsMs ?? 0),
        savingsKb: Math.round((item.details.overallSavingsBytes ?? 0) / 1024),
      }))
      .filter((item) => item.savingsMs > 0 || item.savingsKb > 0)
      .sort((a, b) => b.savingsMs - a.savingsMs);
    return {
      performance: lhr.categories.performance.score,
      accessibility: lhr.categories.accessibility.score,
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      failingAccessibilityAudits: failing('accessibility'),
      failingPerformanceAudits: failing('performance'),
      opportunities,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * `runs` Lighthouse runs of each page; the run with the median performance score stands for
 * the page, as Lighthouse advises (one run varies by a few points). A run that fails (now and
 * then Chromium records no usable trace) is retried, a few times at most.
 */
async function runLighthouse(baseUrl, runs) {
  const { launch } = await loadChromeLauncher();
  const results = [];
  for (const pagePath of LIGHTHOUSE_PAGES) {
    console.log(`  ${pagePath}: ${runs} run${runs === 1 ? '' : 's'}…`);
    const started = Date.now();
    const done = [];
    let lastError = '';
    for (let attempt = 0; done.length < runs && attempt < runs + MAX_FAILED_RUNS; attempt += 1) {
      try {
        done.push(await lighthouseOnce(launch, `${baseUrl}${pagePath}`));
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        console.log(`    a run failed: ${lastError}`);
      }
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    if (done.length === 0) {
      // One broken page should not hide the others' numbers; the bench still exits 1.
      results.push({ page: pagePath, ...EMPTY_AUDIT, error: lastError, seconds });
      continue;
    }
    const byScore = [...done].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
    const median = byScore[Math.floor((byScore.length - 1) / 2)];
    results.push({
      page: pagePath,
      ...median,
      performanceScores: done.map((run) => run.performance),
      lcpMsOfRuns: done.map((run) => Math.round(run.lcpMs ?? 0)),
      seconds,
    });
  }
  return results;
}

// ---------------------------------------------------------------- the dashboard on a slow network

async function callApi(baseUrl, method, url, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** A registered and confirmed seller (the API's own register and confirm, code from /dev/mail). */
async function benchSeller(baseUrl) {
  const unique = String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
  const email = `bench.${unique}@example.com`;
  await callApi(baseUrl, 'POST', '/api/v1/auth/register', {
    first_name: 'Ngozi',
    last_name: 'Okafor',
    email,
    mobile_number: `+23481${unique}`,
    gender: 'Female',
    date_of_birth: '1995-06-02',
    password: BENCH_PASSWORD,
    verify_password: BENCH_PASSWORD,
    referral_code: null,
  });
  const outbox = await callApi(baseUrl, 'GET', `/dev/mail?to=${encodeURIComponent(email)}`);
  const otp = /\b(\d{6})\b/.exec(outbox.data[0]?.text ?? '')?.[1];
  if (!otp) throw new Error(`no code was mailed to ${email}`);
  await callApi(baseUrl, 'POST', '/api/v1/auth/account_otp_verification', {
    otp,
    email,
    password: BENCH_PASSWORD,
  });
  return email;
}

/**
 * In every page of the context, from its first script: when the dashboard's frame (its skeleton
 * or its real header) and the real header first appear, timed at the next painted frame
 * (performance.now(), from the navigation's start), and the first contentful paint.
 */
/* global window, document, requestAnimationFrame, MutationObserver */
const FRAME_TIMER = () => {
  const marks = {};
  window.__dashboardMarks = marks;
  const painted = (name) => {
    if (marks[name] !== undefined) return;
    marks[name] = null;
    requestAnimationFrame(() => {
      setTimeout(() => {
        marks[name] = performance.now();
      }, 0);
    });
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime;
    }
  }).observe({ type: 'paint', buffered: true });
  const check = () => {
    if (document.querySelector('[data-testid="dashboard-skeleton"], header')) painted('frame');
    if (document.querySelector('header')) painted('ready');
    // The seller's own figures, not a skeleton: the balance, and the recent trades (a list or
    // the empty state, once the loading placeholder has gone).
    if (document.querySelector('[data-testid="wallet-balance"]')) painted('balance');
    const recent = document.querySelector('section[aria-labelledby="recent-title"]');
    if (recent?.querySelector('h3, ul') && !recent.querySelector('[aria-label^="Loading your"]')) {
      painted('trades');
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

async function openSlowDashboard(page, cdp, baseUrl) {
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  try {
    await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'commit', timeout: SLOW_PAGE_TIMEOUT_MS });
    await page.waitForFunction(
      () => {
        const marks = window.__dashboardMarks;
        return Boolean(marks?.frame && marks.ready && marks.fcp && marks.balance && marks.trades);
      },
      undefined,
      { timeout: SLOW_PAGE_TIMEOUT_MS, polling: 100 },
    );
    const marks = await page.evaluate(() => window.__dashboardMarks);
    return {
      firstVisibleMs: Math.max(marks.frame, marks.fcp),
      fcpMs: marks.fcp,
      readyMs: marks.ready,
      balanceMs: marks.balance,
      tradesMs: marks.trades,
    };
  } finally {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
}

/**
 * `runs` times: a fresh browser context signs a seller in at full speed, empties the cache,
 * then opens /dashboard throttled (cold) and once more (warm: its code cached, the session
 * restored from the refresh cookie as on any return visit). Medians of each.
 */
async function measureSlowDashboard(baseUrl, runs) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const email = await benchSeller(baseUrl);
  const samples = { cold: [], warm: [] };
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      await context.addInitScript(FRAME_TIMER);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard/overview'));
      await page.goto('about:blank');
      // Cold: nothing of the app's files left, neither in the HTTP cache nor in the service
      // worker's (which Network.clearBrowserCache does not touch); the session (refresh cookie,
      // user id) stays, as on a phone whose cache was evicted or after a new version.
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: baseUrl,
        storageTypes: 'service_workers,cache_storage',
      });
      samples.cold.push(await openSlowDashboard(page, cdp, baseUrl));
      // Warm: a returning visit, the app's files and its service worker in place (installed by
      // the cold visit; at full speed from here, as a phone would between two visits).
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.goto('about:blank');
      samples.warm.push(await openSlowDashboard(page, cdp, baseUrl));
      await context.close();
      const last = (kind) => samples[kind].at(-1);
      console.log(
        `  run ${run + 1}: cold ${fixed(last('cold').firstVisibleMs / 1000, 2)} s ` +
          `(ready ${fixed(last('cold').readyMs / 1000, 2)} s, balance ` +
          `${fixed(last('cold').balanceMs / 1000, 2)} s, trades ${fixed(last('cold').tradesMs / 1000, 2)} s), warm ` +
          `${fixed(last('warm').firstVisibleMs / 1000, 2)} s (ready ${fixed(last('warm').readyMs / 1000, 2)} s, ` +
          `balance ${fixed(last('warm').balanceMs / 1000, 2)} s, trades ${fixed(last('warm').tradesMs / 1000, 2)} s)`,
      );
    }
  } finally {
    await browser.close();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const summary = (kind) => ({
    firstVisibleMs: Math.round(median(samples[kind].map((s) => s.firstVisibleMs))),
    fcpMs: Math.round(median(samples[kind].map((s) => s.fcpMs))),
    readyMs: Math.round(median(samples[kind].map((s) => s.readyMs))),
    balanceMs: Math.round(median(samples[kind].map((s) => s.balanceMs))),
    tradesMs: Math.round(median(samples[kind].map((s) => s.tradesMs))),
    runs: samples[kind].map((s) => ({
      firstVisibleMs: Math.round(s.firstVisibleMs),
      fcpMs: Math.round(s.fcpMs),
      readyMs: Math.round(s.readyMs),
      balanceMs: Math.round(s.balanceMs),
      tradesMs: Math.round(s.tradesMs),
    })),
  });
  return { network: SLOW_NETWORK, cold: summary('cold'), warm: summary('warm') };
}

const dashboardBudgets = (dashboard) => [
  ...['cold', 'warm'].map((kind) => ({
    name: `/dashboard first visible content on a slow network (${kind}), s`,
    value: dashboard[kind].firstVisibleMs / 1000,
    limit: `≤ ${DASHBOARD_BUDGET_MS[kind] / 1000}`,
    ok: dashboard[kind].firstVisibleMs <= DASHBOARD_BUDGET_MS[kind],
  })),
  // Decision 074: what the seller came for, the balance and the recent trades, both on screen.
  ...['cold', 'warm'].map((kind) => {
    const figuresMs = Math.max(dashboard[kind].balanceMs, dashboard[kind].tradesMs);
    return {
      name: `/dashboard balance and recent trades on a slow network (${kind}), s`,
      value: figuresMs / 1000,
      limit: `≤ ${BALANCE_BUDGET_MS[kind] / 1000}`,
      ok: figuresMs <= BALANCE_BUDGET_MS[kind],
    };
  }),
];

// ---------------------------------------------------------------- report

function checkBudgets(bundles, loaded, audits) {
  const budgets = [];
  for (const bundle of bundles) {
    const seen = loaded.find((row) => row.page === bundle.page);
    const worst = Math.max(bundle.gzipBytes, seen?.gzipBytes ?? 0);
    const limit = JS_BUDGET_KB[bundle.page] ?? DEFAULT_JS_BUDGET_KB;
    budgets.push({
      name: `${bundle.page} JavaScript before interactive, kB gzip`,
      value: kb(worst),
      limit: `≤ ${limit}`,
      ok: kb(worst) <= limit,
    });
  }
  for (const row of audits) {
    budgets.push(
      {
        name: `${row.page} Lighthouse performance`,
        value: row.performance,
        limit: `≥ ${BUDGETS.performance}`,
        ok: row.performance !== null && row.performance >= BUDGETS.performance,
      },
      {
        name: `${row.page} Lighthouse accessibility`,
        value: row.accessibility,
        limit: `≥ ${BUDGETS.accessibility}`,
        ok: row.accessibility !== null && row.accessibility >= BUDGETS.accessibility,
      },
      {
        name: `${row.page} LCP, s`,
        value: row.lcpMs === null ? null : row.lcpMs / 1000,
        limit: `≤ ${BUDGETS.lcpMs / 1000}`,
        ok: row.lcpMs !== null && row.lcpMs <= BUDGETS.lcpMs,
      },
      {
        name: `${row.page} total blocking time, ms`,
        value: row.tbtMs,
        limit: `≤ ${BUDGETS.tbtMs}`,
        ok: row.tbtMs !== null && row.tbtMs <= BUDGETS.tbtMs,
      },
      {
        name: `${row.page} cumulative layout shift`,
        value: row.cls,
        limit: `≤ ${BUDGETS.cls}`,
        ok: row.cls !== null && row.cls <= BUDGETS.cls,
      },
    );
  }
  return budgets;
}

const fixed = (value, digits) =>
  value === null || value === undefined ? '-' : value.toFixed(digits);

function formatTable(bundles, loaded, audits) {
  const header = [
    'page',
    'JS kB gzip',
    'fetched kB',
    'chunks',
    'perf',
    'a11y',
    'LCP s',
    'TBT ms',
    'CLS',
  ];
  const cells = bundles.map((bundle) => {
    const seen = loaded.find((row) => row.page === bundle.page);
    const audit = audits.find((row) => row.page === bundle.page);
    return [
      bundle.page,
      fixed(kb(bundle.gzipBytes), 1),
      seen ? fixed(kb(seen.gzipBytes), 1) : '-',
      String(bundle.chunks.length),
      fixed(audit?.performance, 2),
      fixed(audit?.accessibility, 2),
      audit?.lcpMs ? fixed(audit.lcpMs / 1000, 2) : '-',
      fixed(audit?.tbtMs, 0),
      fixed(audit?.cls, 3),
    ];
  });
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((line) => (line[i] ?? '').length)),
  );
  const format = (line) =>
    line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])));
  const rule = widths.map((width) => '-'.repeat(width));
  return [format(header), rule, ...cells.map(format)].map((line) => line.join('  ')).join('\n');
}

const formatBudgets = (budgets) =>
  budgets
    .map((b) => `  ${b.ok ? 'PASS' : 'FAIL'}  ${b.name}: ${fixed(b.value, 2)} (${b.limit})`)
    .join('\n');

/** Formatted as the repository's Prettier would, so `npm run lint` accepts the file. */
async function writeResults(results) {
  const options = (await prettier.resolveConfig(RESULTS_FILE)) ?? {};
  const text = await prettier.format(JSON.stringify(results), { ...options, parser: 'json' });
  writeFileSync(RESULTS_FILE, text);
}

/**
 * `--dashboard-only`: the slow dashboard's part of the last full results replaced (its figures
 * and its budget lines), the pages' bundles and Lighthouse runs left as they were measured.
 */
async function writeDashboardResults(dashboard, budgets) {
  const previous = existsSync(RESULTS_FILE) ? JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) : {};
  const isDashboardCheck = (check) => check.name.startsWith('/dashboard ');
  await writeResults({
    ...previous,
    slowDashboard: { ...dashboard, date: new Date().toISOString() },
    checks: [...(previous.checks ?? []).filter((check) => !isDashboardCheck(check)), ...budgets],
  });
}

// ---------------------------------------------------------------- main

async function main() {
  const { values } = parseArgs({
    options: {
      'skip-build': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      runs: { type: 'string', default: String(DEFAULT_LIGHTHOUSE_RUNS) },
      'dashboard-only': { type: 'boolean', default: false },
      'bundles-only': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`--runs must be 1 or more, not ${values.runs}`);
  const isDashboardOnly = values['dashboard-only'];
  const manifest = build({
    skipBuild: values['skip-build'],
    needsServer: !values['bundles-only'],
  });
  const bundles = isDashboardOnly ? [] : measureBundles(manifest);
  if (values['bundles-only']) {
    const budgets = checkBudgets(bundles, [], []);
    console.log(`\n${formatTable(bundles, [], [])}`);
    console.log(
      '\nJS kB gzip: entry + its static imports + the route’s lazy chunks (Vite manifest).',
    );
    console.log(`\nBudgets:\n${formatBudgets(budgets)}`);
    return values.strict && budgets.some((budget) => !budget.ok) ? 1 : 0;
  }

  ensureChromium();
  console.log('Starting the app on a fresh PostgreSQL…');
  const app = await startApp();
  let loaded = [];
  let audits = [];
  let dashboard;
  try {
    if (!isDashboardOnly) {
      console.log('Opening each public page in Chromium…');
      loaded = await measureLoadedScripts(app.baseUrl);
      console.log('Running Lighthouse (mobile, simulated throttling):');
      audits = await runLighthouse(app.baseUrl, runs);
    }
    console.log('Opening /dashboard signed in, on 2 s latency and 400 kbps (CDP throttling):');
    dashboard = await measureSlowDashboard(app.baseUrl, runs);
  } finally {
    await app.stop();
  }

  const budgets = [...checkBudgets(bundles, loaded, audits), ...dashboardBudgets(dashboard)];
  console.log(
    `\n/dashboard on a slow network (median of ${runs}): first visible content ` +
      `cold ${fixed(dashboard.cold.firstVisibleMs / 1000, 2)} s, warm ` +
      `${fixed(dashboard.warm.firstVisibleMs / 1000, 2)} s; ready (the real header) cold ` +
      `${fixed(dashboard.cold.readyMs / 1000, 2)} s, warm ${fixed(dashboard.warm.readyMs / 1000, 2)} s; ` +
      `balance cold ${fixed(dashboard.cold.balanceMs / 1000, 2)} s, warm ${fixed(dashboard.warm.balanceMs / 1000, 2)} s; ` +
      `recent trades cold ${fixed(dashboard.cold.tradesMs / 1000, 2)} s, warm ${fixed(dashboard.warm.tradesMs / 1000, 2)} s`,
  );
  if (isDashboardOnly) {
    console.log(`\nBudgets:\n${formatBudgets(budgets)}`);
    await writeDashboardResults(dashboard, budgets);
    console.log(`\nDashboard results written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
    return values.strict && budgets.some((budget) => !budget.ok) ? 1 : 0;
  }
  console.log(`\n${formatTable(bundles, loaded, audits)}`);
  console.log(
    '\nJS kB gzip: entry + its static imports + the route’s lazy chunks (Vite manifest);' +
      '\nfetched kB: the scripts Chromium fetched opening the page, until the network was idle.',
  );
  for (const bundle of bundles) {
    const extra = loaded
      .find((row) => row.page === bundle.page)
      ?.files.filter((file) => !bundle.chunks.some((chunk) => chunk.file === file));
    if (extra?.length) console.log(`${bundle.page} also fetched: ${extra.join(', ')}`);
  }
  for (const row of audits) {
    if (row.performanceScores) {
      const scores = row.performanceScores.map((score) => fixed(score, 2)).join(' ');
      const lcps = row.lcpMsOfRuns.map((ms) => fixed(ms / 1000, 2)).join(' ');
      console.log(`${row.page} runs: performance ${scores}; LCP s ${lcps} (median run shown)`);
    }
    const issues = [...row.failingAccessibilityAudits, ...row.failingPerformanceAudits];
    if (issues.length > 0) console.log(`${row.page} below full score: ${issues.join(', ')}`);
    const savings = row.opportunities
      .slice(0, 3)
      .map((item) => `${item.id} (${item.savingsMs} ms, ${item.savingsKb} kB)`);
    if (savings.length > 0) console.log(`${row.page} opportunities: ${savings.join(', ')}`);
    if (row.error) console.log(`${row.page} Lighthouse failed: ${row.error}`);
  }
  console.log(`\nBudgets:\n${formatBudgets(budgets)}`);
  if (!values.strict) console.log('  (reported, not enforced: --strict makes a failure exit 1)');

  await writeResults({
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    chromium: CHROMIUM_PATH,
    lighthouse: { formFactor: 'mobile', throttling: 'simulated', runsPerPage: runs },
    budgets: {
      ...BUDGETS,
      jsGzipKb: { ...JS_BUDGET_KB, other: DEFAULT_JS_BUDGET_KB },
      slowDashboardFirstVisibleMs: DASHBOARD_BUDGET_MS,
      slowDashboardBalanceMs: BALANCE_BUDGET_MS,
    },
    bundles: bundles.map((bundle) => ({
      ...bundle,
      fetched: loaded.find((row) => row.page === bundle.page) ?? null,
    })),
    lighthouseRuns: audits,
    slowDashboard: dashboard,
    checks: budgets,
  });
  console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  if (audits.some((row) => row.error)) return 1;
  return values.strict && budgets.some((budget) => !budget.ok) ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
}
