// The real app and the browser for the browser tests (e2e/) and the web benchmark (bench/web.mjs):
// plain ESM so both can use it, typed by harness.d.mts.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Headless Chromium as root in a container, without its background chatter. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SERVER_JS = path.join(REPO_ROOT, 'apps/api/dist/server.js');
const CREATE_ADMIN_JS = path.join(REPO_ROOT, 'apps/api/dist/create-admin.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
/** The first start initialises a PostgreSQL cluster, which takes a few seconds on 2 cores. */
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
/**
 * An admin the app creates at start (ADMIN_EMAIL, ADMIN_PASSWORD): a second member of staff
 * beside the demo operator, for flows that need two (one operator's claim seen by another).
 */
export const E2E_ADMIN = { email: 'admin@karta.example', password: 'Lekki#Desk2026' };

/** Settings a developer's shell may carry that would point the app at something not fresh. */
const INHERITED_SETTINGS_TO_DROP = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PUBLIC_URL',
  'JWT_SECRET',
  'WEB_DIST_DIR',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SEED_DEMO',
  'TRUST_PROXY',
];

/** The environment the app's processes start with: the caller's, less what would point elsewhere. */
const inheritedEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !INHERITED_SETTINGS_TO_DROP.includes(name)),
  );

/**
 * Makes an admin as a deployment does, on the server (`npm run create-admin`, decision 049:
 * staff made there have no invitation to confirm), against the running app's database.
 */
export function createAdminOnServer(app, admin) {
  execFileSync(
    process.execPath,
    [CREATE_ADMIN_JS, '--email', admin.email, '--password', admin.password],
    {
      cwd: REPO_ROOT,
      env: {
        ...inheritedEnv(),
        NODE_ENV: 'development',
        DATABASE_URL: app.databaseUrl,
        DATA_DIR: app.dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** Installs Chromium when it is missing (scripts/ensure-chromium.sh); quiet when present. */
export function ensureChromium() {
  execFileSync('bash', [path.join(REPO_ROOT, 'scripts/ensure-chromium.sh')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * A loopback port nothing listens on right now: `findFreePort` of apps/api/test/free-port.ts,
 * written again because `npm run bench:web` loads this file with plain Node, which cannot import
 * the API's TypeScript (`@karta/api/harness`).
 */
function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** The browser tests and the benchmark run what `npm run build` made, not the sources. */
function assertBuilt() {
  const missing = [SERVER_JS, WEB_INDEX].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `Not built: ${missing.map((file) => path.relative(REPO_ROOT, file)).join(', ')}. Run \`npm run build\` first.`,
    );
  }
}

const tail = (file, lines = 40) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
};

async function waitUntilReady(baseUrl, child, logFile) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited before it was ready. Its log:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(
    `The server was not ready after ${READY_TIMEOUT_MS / 1000} s. Its log:\n${tail(logFile)}`,
  );
}

/** PostgreSQL outlives a server killed with SIGKILL; its pid file says whom to stop. */
function stopOrphanedPostgres(dataDir) {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    // Already gone.
  }
}

/**
 * Starts `node apps/api/dist/server.js` (API + built web app + embedded PostgreSQL) on free
 * loopback ports with a fresh data directory, and waits for /readyz. `stop()` ends it with
 * SIGTERM and waits for it to exit, so the embedded PostgreSQL stops too, then removes the data.
 */
export async function startApp(extraEnv = {}) {
  assertBuilt();
  const port = await findFreePort();
  let pgPort = await findFreePort();
  while (pgPort === port) pgPort = await findFreePort();
  // The directory itself is DATA_DIR: the embedded PostgreSQL runs as another system user and
  // must be able to pass through it (apps/api/src/db/embedded.ts opens DATA_DIR for it).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'karta-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const env = {
    ...inheritedEnv(),
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    // Any free port: several servers run at once, and the default 9464 fits one.
    METRICS_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
    // Every browser test registers from 127.0.0.1; the hourly limit is tested in the API's tests.
    SIGNUP_LIMIT_PER_IP: '100000',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // A test that needs the app set otherwise starts one of its own (two-step-staff.e2e.ts).
    ...extraEnv,
  };
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const baseUrl = `http://127.0.0.1:${port}`;

  let isStopped = false;
  async function stop() {
    if (isStopped) return;
    isStopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timedOut = await Promise.race([
        exited.then(() => false),
        // Unreferenced, so a prompt exit does not leave the caller waiting for this timer.
        sleep(STOP_TIMEOUT_MS, true, { ref: false }),
      ]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
        stopOrphanedPostgres(dataDir);
        await sleep(1_000);
      }
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }

  try {
    await waitUntilReady(baseUrl, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  // The embedded PostgreSQL's own credentials: the data folder's superuser password, which the
  // server wrote on its first start (apps/api/src/db/cluster-password.ts). Tests read the outbox
  // and the users straight from it to scan the server log for what they were sent.
  const pgPassword = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/karta`;
  return { baseUrl, dataDir, logFile, databaseUrl, stop };
}
