import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectDatabase, postgresOwner } from '@karta/api/harness';
import { etcdProcess } from './etcd';
import { haproxyProcess } from './haproxy';
import type { ManagedProcess } from './managed-process';
import { type DatabaseNode, isSynchronousStandby, patroniNode, roleOf } from './patroni';
import { type Backups, backupsFor, pgbackrest } from './pgbackrest';

export interface DatabaseTier {
  /** HAProxy's write port: always the primary. What every API and worker process uses. */
  writeUrl: string;
  /** HAProxy's read port: the replicas. */
  readUrl: string;
  /** The write port as PostgreSQL's superuser: for tests and tools, never the app. */
  adminUrl: string;
  writePort: number;
  readPort: number;
  nodes: DatabaseNode[];
  etcd: ManagedProcess;
  etcdPorts: { client: number; peer: number };
  haproxy: ManagedProcess;
  backups: Backups;
  superuserPassword: string;
  /** The node Patroni calls primary now, if any. */
  primary(): Promise<DatabaseNode | undefined>;
  /** Waits until one node is primary and another its synchronous standby. */
  waitUntilReplicated(
    timeoutMs?: number,
  ): Promise<{ primary: DatabaseNode; standby: DatabaseNode }>;
}

const APP_ROLE = 'karta';

/** The app's own role and database, made once on the new cluster's primary. */
async function createAppDatabase(url: string, password: string) {
  const admin = connectDatabase(url, 1, () => undefined);
  try {
    // Identifiers and the password are ours (hex), not input: no quoting surprises.
    await admin.pool.query(`create role ${APP_ROLE} login password '${password}'`);
    // pg_monitor: the metrics read replication and archiving views in full.
    await admin.pool.query(`grant pg_monitor to ${APP_ROLE}`);
    await admin.pool.query(`create database karta owner ${APP_ROLE}`);
  } finally {
    await admin.close();
  }
}

/**
 * Two PostgreSQL nodes under Patroni with synchronous replication, one etcd, HAProxy's write
 * and read ports, pgBackRest archiving every WAL segment (decision 067). Started in order, each
 * waiting for the one before; `onStarted` receives each process as it comes up, so a failure
 * half-way still stops what started.
 */
export async function startDatabaseTier(options: {
  folder: string;
  portOf: (name: string) => number;
  logFile: (name: string) => string;
  onStarted: (stop: () => Promise<unknown>) => void;
}): Promise<DatabaseTier> {
  const { folder, portOf, logFile } = options;
  const owner = postgresOwner();
  const secret = () => randomBytes(24).toString('hex');
  const superuserPassword = secret();
  const appPassword = secret();
  const etcdPorts = { client: portOf('etcd'), peer: portOf('etcd-peer') };
  const etcd = etcdProcess({
    dataDir: path.join(folder, 'etcd'),
    clientPort: etcdPorts.client,
    peerPort: etcdPorts.peer,
    logFile: logFile('etcd'),
  });
  options.onStarted(() => etcd.stop());
  await etcd.start();

  const names = ['pg-1', 'pg-2'];
  const nodeSpecs = names.map((name) => ({
    name,
    dataDir: path.join(folder, name, 'data'),
    socketDir: path.join(folder, name, 'socket'),
    pgPort: portOf(`${name}-postgres`),
    restPort: portOf(`${name}-rest`),
  }));
  const backups = backupsFor({ folder, nodes: nodeSpecs as DatabaseNode[], owner });
  const shared = {
    etcdPort: etcdPorts.client,
    superuserPassword,
    replicationPassword: secret(),
    pgbackrestConfig: backups.configFile,
    owner,
  };
  const nodes = nodeSpecs.map((spec) =>
    patroniNode({ ...spec, folder, shared, logFile: logFile(spec.name) }),
  );
  const [first, ...others] = nodes;
  if (!first) throw new Error('no database node');
  // Newest first on the way down: the replicas, then the primary, so no failover is attempted.
  options.onStarted(() => first.patroni.stop());
  await first.patroni.start();
  await waitFor(async () => (await roleOf(first)) === 'primary', 'pg-1 to become primary');
  const nodeUrl = (node: DatabaseNode, database: string) =>
    `postgres://postgres:${superuserPassword}@127.0.0.1:${node.pgPort}/${database}`;
  await createAppDatabase(nodeUrl(first, 'postgres'), appPassword);
  // Before any WAL is archived: the archive command needs the stanza to exist.
  await pgbackrest(backups, ['stanza-create']);
  for (const node of others) {
    options.onStarted(() => node.patroni.stop());
    await node.patroni.start();
  }

  const writePort = portOf('haproxy-write');
  const readPort = portOf('haproxy-read');
  const haproxy = haproxyProcess({
    folder,
    writePort,
    readPort,
    nodes,
    logFile: logFile('haproxy'),
  });
  options.onStarted(() => haproxy.stop());
  await haproxy.start();

  const primary = async () => {
    for (const node of nodes) if ((await roleOf(node)) === 'primary') return node;
    return undefined;
  };
  const waitUntilReplicated = async (timeoutMs = 60_000) => {
    let found: { primary: DatabaseNode; standby: DatabaseNode } | undefined;
    await waitFor(
      async () => {
        const leader = await primary();
        const standby = nodes.find((node) => node !== leader);
        if (leader && standby && (await isSynchronousStandby(standby))) {
          found = { primary: leader, standby };
          return true;
        }
        return false;
      },
      'a primary with a synchronous standby',
      timeoutMs,
    );
    if (!found) throw new Error('unreachable');
    return found;
  };
  await waitUntilReplicated();

  const appUrl = (port: number) => `postgres://${APP_ROLE}:${appPassword}@127.0.0.1:${port}/karta`;
  return {
    writeUrl: appUrl(writePort),
    readUrl: appUrl(readPort),
    adminUrl: `postgres://postgres:${superuserPassword}@127.0.0.1:${writePort}/karta`,
    writePort,
    readPort,
    nodes,
    etcd,
    etcdPorts,
    haproxy,
    backups,
    superuserPassword,
    primary,
    waitUntilReplicated,
  };
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(250);
  }
}
