import { chownSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ManagedProcess } from './managed-process';
import { SYSTEM_PATH } from './paths';

const PATRONI = '/usr/bin/patroni';
/**
 * Debian's PostgreSQL 15: the newest Debian 12's pgBackRest (2.45) and Patroni (3.0.2) support
 * (decision 067). The app's own embedded PostgreSQL is newer; the schema runs on both.
 */
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

export interface Owner {
  uid: number;
  gid: number;
}

/** What every node shares: the cluster's name, its consensus store and its passwords. */
export interface PatroniShared {
  etcdPort: number;
  superuserPassword: string;
  replicationPassword: string;
  /** pgBackRest's configuration, for the archive command. */
  pgbackrestConfig: string;
  owner: Owner | undefined;
}

export interface DatabaseNode {
  name: string;
  dataDir: string;
  socketDir: string;
  pgPort: number;
  restPort: number;
  patroni: ManagedProcess;
  restUrl: string;
}

/** The stanza pgBackRest keeps this cluster's backups and WAL under. */
export const STANZA = 'karta';

/**
 * Loopback timings (docs/deploy.md has production's): a dead leader's key expires after `ttl`;
 * the survivor's next loop (`loop_wait`) takes it. Patroni asks that
 * loop_wait + 2 × retry_timeout ≤ ttl.
 */
const PATRONI_TIMINGS = { ttl: 10, loop_wait: 2, retry_timeout: 3 };

function patroniConfig(node: Omit<DatabaseNode, 'patroni' | 'restUrl'>, shared: PatroniShared) {
  const archiveCommand = [
    '/usr/bin/pgbackrest',
    `--config=${shared.pgbackrestConfig}`,
    `--stanza=${STANZA}`,
    // The node's own data folder: the command runs on whichever node is primary.
    `--pg1-path=${node.dataDir}`,
    'archive-push',
    '%p',
  ].join(' ');
  return {
    scope: 'karta',
    name: node.name,
    restapi: {
      listen: `127.0.0.1:${node.restPort}`,
      connect_address: `127.0.0.1:${node.restPort}`,
    },
    etcd3: { hosts: [`127.0.0.1:${shared.etcdPort}`] },
    bootstrap: {
      dcs: {
        ...PATRONI_TIMINGS,
        // Only a standby that confirmed every commit may be promoted: RPO 0 (decision 067).
        synchronous_mode: true,
        maximum_lag_on_failover: 1_048_576,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            // pg_rewind needs it to bring an old primary back as a replica.
            wal_log_hints: 'on',
            archive_mode: 'on',
            archive_timeout: 60,
            max_wal_senders: 10,
            max_replication_slots: 10,
            max_connections: 200,
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, 'data-checksums'],
      pg_hba: [
        // The socket folder is inside the cluster's own folder, reachable by its owner only.
        'local all all trust',
        'host replication replicator 127.0.0.1/32 scram-sha-256',
        'host all all 127.0.0.1/32 scram-sha-256',
      ],
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: node.dataDir,
      bin_dir: POSTGRES_BIN,
      pgpass: path.join(path.dirname(node.dataDir), `${node.name}.pgpass`),
      authentication: {
        superuser: { username: 'postgres', password: shared.superuserPassword },
        replication: { username: 'replicator', password: shared.replicationPassword },
      },
      basebackup: [{ checkpoint: 'fast' }],
      parameters: {
        unix_socket_directories: node.socketDir,
        archive_command: archiveCommand,
      },
    },
    watchdog: { mode: 'off' },
    // INFO: each loop's decision, and pg_rewind's run when an old primary rejoins.
    log: { level: 'INFO' },
  };
}

/**
 * A database node: Patroni (Debian's `patroni`) running PostgreSQL 15 in `folder/<name>`. The
 * first to start bootstraps the cluster and becomes its primary; the others copy it and follow.
 * Both run as the PostgreSQL owner (PostgreSQL refuses root).
 */
export function patroniNode(options: {
  name: string;
  folder: string;
  pgPort: number;
  restPort: number;
  shared: PatroniShared;
  logFile: string;
}): DatabaseNode {
  const home = path.join(options.folder, options.name);
  const node = {
    name: options.name,
    dataDir: path.join(home, 'data'),
    socketDir: path.join(home, 'socket'),
    pgPort: options.pgPort,
    restPort: options.restPort,
  };
  for (const dir of [home, node.socketDir]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (options.shared.owner) chownSync(dir, options.shared.owner.uid, options.shared.owner.gid);
  }
  const configFile = path.join(home, 'patroni.yml');
  // JSON is YAML: Patroni reads it as it is.
  writeFileSync(configFile, JSON.stringify(patroniConfig(node, options.shared), null, 2), {
    mode: 0o600,
  });
  if (options.shared.owner)
    chownSync(configFile, options.shared.owner.uid, options.shared.owner.gid);
  const restUrl = `http://127.0.0.1:${options.restPort}`;
  const patroni = new ManagedProcess({
    name: options.name,
    command: PATRONI,
    args: [configFile],
    cwd: home,
    env: { PATH: SYSTEM_PATH, LANG: 'C.UTF-8', HOME: home },
    user: options.shared.owner,
    logFile: options.logFile,
    // Serving: PostgreSQL runs under it, as primary or replica.
    isReady: async () => (await fetch(`${restUrl}/health`)).ok,
  });
  return { ...node, patroni, restUrl };
}

/** What Patroni says of a node: 'primary', 'replica', or undefined when it cannot be asked. */
export async function roleOf(node: DatabaseNode): Promise<string | undefined> {
  try {
    const answer = await fetch(`${node.restUrl}/patroni`, { signal: AbortSignal.timeout(1_000) });
    const body = (await answer.json()) as { role?: string; state?: string };
    return body.state === 'running' ? body.role?.replace('master', 'primary') : undefined;
  } catch {
    return undefined;
  }
}

/** Whether Patroni counts this node as the synchronous standby (its REST API's `/sync`). */
export async function isSynchronousStandby(node: DatabaseNode): Promise<boolean> {
  try {
    const answer = await fetch(`${node.restUrl}/sync`, { signal: AbortSignal.timeout(1_000) });
    return answer.ok;
  } catch {
    return false;
  }
}

/** The postmaster's pid, from its postmaster.pid; undefined when it is not running. */
export function postmasterPid(node: DatabaseNode): number | undefined {
  try {
    const pid = Number(
      readFileSync(path.join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** The pids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Gone since the folder was read.
    }
  }
  return children;
}

/**
 * The host is lost: Patroni, the postmaster and every backend are killed with SIGKILL at once,
 * so nothing gets to hand over its leadership or close a connection politely.
 */
export async function killHost(node: DatabaseNode): Promise<void> {
  const postmaster = postmasterPid(node);
  const victims = [
    ...(node.patroni.pid === undefined ? [] : [node.patroni.pid]),
    ...(postmaster === undefined ? [] : [postmaster, ...childrenOf(postmaster)]),
  ];
  for (const pid of victims) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  await node.patroni.signal('SIGKILL');
}
