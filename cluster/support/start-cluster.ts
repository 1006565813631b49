import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  applyMigrations,
  connectDatabase,
  findFreePort,
  startS3Emulator,
} from '@karta/api/harness';
import { ManagedProcess } from './managed-process';
import { nginxProcess } from './nginx';
import { REPO_ROOT } from './paths';
import { type DatabaseTier, startDatabaseTier } from './database-tier';
import { startClusterDatabase } from './postgres';
import { redisProcess } from './redis';

const API_DIST = path.join(REPO_ROOT, 'apps/api/dist');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const MIGRATIONS = path.join(REPO_ROOT, 'apps/api/drizzle');

interface ClusterOptions {
  /** nginx's port; 3000 by default. */
  port?: number;
  /** Another PostgreSQL; unset: the cluster's own (`database`). */
  databaseUrl?: string;
  /**
   * The cluster's own database: two nodes under Patroni behind HAProxy (`replicated`, the
   * default), or one embedded PostgreSQL (`single`: the scale-factor bench, whose figures are
   * the API's, compared with earlier runs).
   */
  database?: 'replicated' | 'single';
  /** Added to every API and worker process's environment (e.g. RATE_LIMIT_MAX). */
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** 2 by default; the bench also measures one, to find the scale factor. */
  apiProcesses?: number;
  /** 2 by default; the bench runs none, so payouts do not share the cores it measures. */
  workerProcesses?: number;
}

export interface Cluster {
  /** nginx: what clients use. */
  url: string;
  /** `metricsUrl`: the process's own /metrics, on loopback. */
  apis: { url: string; metricsUrl: string; process: ManagedProcess }[];
  workers: ManagedProcess[];
  nginx: ManagedProcess;
  redis: ManagedProcess;
  redisPort: number;
  /** The S3 emulator's port: it runs inside the cluster's own process. */
  s3Port: number;
  databaseUrl: string;
  /** The same database as its owner or superuser: what tests seed and inspect through. */
  adminDatabaseUrl: string;
  /** The replicated database tier; undefined with DATABASE_URL or `database: 'single'`. */
  tier: DatabaseTier | undefined;
  /** Where every process's log is (`<name>.log`). */
  folder: string;
  /** Stops everything, newest first, and removes the folder. */
  stop(): Promise<void>;
}

function assertBuilt() {
  const missing = [path.join(API_DIST, 'server.js'), path.join(API_DIST, 'worker.js'), WEB_INDEX]
    .filter((file) => !existsSync(file))
    .map((file) => path.relative(REPO_ROOT, file));
  if (missing.length > 0) {
    throw new Error(`Not built: ${missing.join(', ')}. Run \`npm run build\` first.`);
  }
}

/** A distinct free loopback port per name, none of them `taken`. */
async function freePorts<Name extends string>(names: Name[], taken: number) {
  const ports = new Map<Name, number>();
  for (const name of names) {
    let port = await findFreePort();
    while (port === taken || [...ports.values()].includes(port)) port = await findFreePort();
    ports.set(name, port);
  }
  return (name: Name) => ports.get(name) ?? taken;
}

/** Migrations run here, once, before any process starts: no two processes race to apply them. */
async function migrate(databaseUrl: string) {
  const database = connectDatabase(databaseUrl, 1);
  try {
    await applyMigrations(database.db, MIGRATIONS);
  } finally {
    await database.close();
  }
}

const apiName = (i: number) => `api-${i + 1}`;
const workerName = (i: number) => `worker-${i + 1}`;

/**
 * The production shape on loopback (docs/ARCHITECTURE.md#shape-of-the-system): one PostgreSQL, Redis, an S3 emulator, two API
 * processes (or `apiProcesses`), two payout workers (or `workerProcesses`), nginx in front on
 * `port`. Each waits for the one before it to
 * be ready; a failure half-way stops what started.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  assertBuilt();
  execFileSync('bash', [path.join(REPO_ROOT, 'scripts/ensure-cluster-tools.sh')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const log =
    options.log ??
    ((line: string) => {
      console.log(line);
    });
  const port = options.port ?? 3000;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'karta-cluster-'));
  // PostgreSQL runs as the `postgres` user when we are root: it must pass through this folder to
  // keep its cluster here (and go with the folder) rather than under /var/lib/karta.
  chmodSync(folder, 0o711);
  const logFile = (name: string) => path.join(folder, `${name}.log`);
  const undo: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cluster: a stop step failed: ${error instanceof Error ? error.message : 'unknown'}`);
      }
    }
    undo.length = 0;
    rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  try {
    const apiNames = Array.from({ length: options.apiProcesses ?? 2 }, (_, i) => apiName(i));
    const workerNames = Array.from({ length: options.workerProcesses ?? 2 }, (_, i) =>
      workerName(i),
    );
    const isReplicated = !options.databaseUrl && options.database !== 'single';
    const tierPorts = isReplicated
      ? ['etcd', 'etcd-peer', 'haproxy-write', 'haproxy-read']
      : ['postgres'];
    if (isReplicated) {
      for (const node of ['pg-1', 'pg-2']) tierPorts.push(`${node}-postgres`, `${node}-rest`);
    }
    const portOf = await freePorts(
      // Each API and worker also gets its own METRICS_PORT, so no two ask for 9464.
      [
        ...tierPorts,
        'redis',
        ...apiNames,
        ...[...apiNames, ...workerNames].map((n) => `${n}-metrics`),
      ],
      port,
    );
    let tier: DatabaseTier | undefined;
    let databaseUrl = options.databaseUrl ?? '';
    if (isReplicated) {
      tier = await startDatabaseTier({
        folder,
        portOf,
        logFile,
        onStarted: (stopStep) => undo.push(stopStep),
      });
      databaseUrl = tier.writeUrl;
    } else if (!options.databaseUrl) {
      const started = await startClusterDatabase({
        dataDir: path.join(folder, 'db'),
        port: portOf('postgres'),
        log,
      });
      undo.push(() => started.stop());
      databaseUrl = started.url;
    }
    await migrate(databaseUrl);

    const redisDir = path.join(folder, 'redis');
    mkdirSync(redisDir);
    const redis = redisProcess({ port: portOf('redis'), dir: redisDir, logFile: logFile('redis') });
    undo.push(() => redis.stop());
    await redis.start();

    // The S3 emulator the API's own tests use: every API process stores uploads in one bucket,
    // as production would.
    const objectStore = await startS3Emulator();
    undo.push(() => objectStore.close());

    const url = `http://127.0.0.1:${port}`;
    // Nothing inherited: a developer's shell must not point the cluster at anything else.
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // Console reads that may be a second stale go to a replica (decision 068).
      ...(tier ? { DATABASE_READ_URL: tier.readUrl } : {}),
      REDIS_URL: `redis://127.0.0.1:${portOf('redis')}`,
      // One secret for all: a token one process signs, the others accept.
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_URL: url,
      // Behind nginx, which sets X-Forwarded-For (deploy/nginx.conf).
      TRUST_PROXY: 'true',
      DATA_DIR: path.join(folder, 'data'),
      ...objectStore.env,
      ...options.env,
    };
    const apis = apiNames.map((name) => ({
      url: `http://127.0.0.1:${portOf(name)}`,
      metricsUrl: `http://127.0.0.1:${portOf(`${name}-metrics`)}/metrics`,
      process: new ManagedProcess({
        name,
        command: process.execPath,
        args: [path.join(API_DIST, 'server.js')],
        cwd: REPO_ROOT,
        env: {
          ...env,
          PORT: String(portOf(name)),
          METRICS_PORT: String(portOf(`${name}-metrics`)),
          RUN_WORKER: 'false',
        },
        logFile: logFile(name),
        isReady: async () => (await fetch(`http://127.0.0.1:${portOf(name)}/readyz`)).ok,
      }),
    }));
    const workers = workerNames.map(
      (name) =>
        new ManagedProcess({
          name,
          command: process.execPath,
          args: [path.join(API_DIST, 'worker.js')],
          cwd: REPO_ROOT,
          // Its readiness is its "payout and counter-offer workers running" line, an info line.
          env: { ...env, LOG_LEVEL: 'info', METRICS_PORT: String(portOf(`${name}-metrics`)) },
          logFile: logFile(name),
          isReady: (logged) =>
            Promise.resolve(logged.includes('payout and counter-offer workers running')),
        }),
    );
    for (const each of [...apis.map((a) => a.process), ...workers]) undo.push(() => each.stop());
    // The first API process seeds the demo data and creates the job queues alone; the others
    // then find them there.
    const [firstApi, ...otherApis] = apis.map((a) => a.process);
    await firstApi?.start();
    await Promise.all([...otherApis, ...workers].map((each) => each.start()));

    const nginx = nginxProcess({
      prefix: path.join(folder, 'nginx'),
      port,
      apiPorts: apiNames.map(portOf),
      logFile: logFile('nginx'),
    });
    undo.push(() => nginx.stop());
    await nginx.start();
    return {
      url,
      apis,
      workers,
      nginx,
      redis,
      redisPort: portOf('redis'),
      s3Port: Number(new URL(objectStore.settings.endpoint ?? 'http://x:0').port),
      databaseUrl,
      adminDatabaseUrl: tier?.adminUrl ?? databaseUrl,
      tier,
      folder,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
