import { execFileSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { clusterDirFor } from '../src/db/data-folder';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { bundledBinaries, postgresOwner, reachableBinaries } from '../src/db/postgres-binaries';
import { startPostmaster } from '../src/db/postgres-process';
import { findFreePort } from './free-port';
import { prepareTemplate, TEMPLATE_DATABASE } from './template-database';

/** A primary and its streaming replica, each a URL without a database name (create-test-app.ts). */
export interface ReplicatedPostgres {
  /** The primary over TCP on 127.0.0.1, so the server it reports is `127.0.0.1:<primaryPort>`. */
  primaryUrl: string;
  primaryPort: number;
  replicaUrl: string;
  /** The folder the primary's archive_command copies WAL segments into. */
  archiveDir: string;
  /** SQL on the replica, as its superuser, in `database`. */
  onReplica<T extends pg.QueryResultRow>(database: string, text: string): Promise<T[]>;
  /** SQL on the primary, as its superuser, in `database`. */
  onPrimary<T extends pg.QueryResultRow>(database: string, text: string): Promise<T[]>;
  /** Stops the replica (a fast shutdown): its address then refuses connections. */
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

const SLOT = 'karta_replica';

async function runSql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Everything of a stopped cluster a standby starts from, but its pid, sockets and slots. */
const isCopied = (clusterDir: string) => (source: string) => {
  const relative = path.relative(clusterDir, source);
  const name = path.basename(source);
  if (name.startsWith('.s.PGSQL') || name.startsWith('postmaster.')) return false;
  return !relative.startsWith(`pg_replslot${path.sep}`);
};

/**
 * A real streaming replica, made as a base backup is: the test's own primary (the embedded
 * PostgreSQL, migrated like the run's template) gets a physical replication slot and WAL
 * archiving, is stopped, and its cluster copied as a cold base backup (the bundled binaries
 * have no pg_basebackup); the copy starts as a standby (`standby.signal`, `primary_conninfo`,
 * the slot) that streams from the primary once both run again. As root, both run as the
 * `postgres` user, as the embedded PostgreSQL does.
 */
export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const owner = postgresOwner();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'karta-primary-'));
  const replicaParent = mkdtempSync(path.join(tmpdir(), 'karta-standby-'));
  const archiveDir = path.join(replicaParent, 'archive');
  const replicaDir = path.join(replicaParent, 'pg');
  mkdirSync(archiveDir);
  chmodSync(replicaParent, 0o711);
  if (owner) execFileSync('chown', [`${owner.uid}:${owner.gid}`, archiveDir]);
  const [primaryPort, replicaPort] = [await findFreePort(), await findFreePort()];
  const start = (ephemeral: boolean) =>
    startEmbeddedPostgres({
      dataDir,
      port: primaryPort,
      database: TEMPLATE_DATABASE,
      ephemeral,
      onNotice: () => undefined,
    });

  const first = await start(false);
  const password = decodeURIComponent(new URL(first.url).password);
  const primaryUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${String(primaryPort)}`;
  await prepareTemplate(`${primaryUrl}/${TEMPLATE_DATABASE}`);
  await runSql(`${primaryUrl}/postgres`, `alter system set archive_mode = 'on'`);
  await runSql(
    `${primaryUrl}/postgres`,
    `alter system set archive_command = 'test ! -f ${archiveDir}/%f && cp %p ${archiveDir}/%f'`,
  );
  // The slot keeps every WAL segment the standby has not received, whenever it connects.
  await runSql(
    `${primaryUrl}/postgres`,
    `select pg_create_physical_replication_slot('${SLOT}', true)`,
  );
  await first.stop();

  const clusterDir = clusterDirFor(dataDir, owner, () => undefined);
  cpSync(clusterDir, replicaDir, { recursive: true, filter: isCopied(clusterDir) });
  mkdirSync(path.join(replicaDir, 'pg_replslot'), { recursive: true });
  writeFileSync(path.join(replicaDir, 'standby.signal'), '');
  appendFileSync(
    path.join(replicaDir, 'postgresql.auto.conf'),
    [
      `primary_conninfo = 'host=127.0.0.1 port=${String(primaryPort)} user=postgres password=${password} application_name=${SLOT}'`,
      `primary_slot_name = '${SLOT}'`,
      // Archiving is the primary's; the standby's copy of the setting would do nothing anyway.
      `archive_mode = 'off'`,
      '',
    ].join('\n'),
  );
  chmodSync(replicaDir, 0o700);
  if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, replicaDir]);

  const primary: EmbeddedDatabase = await start(true);
  const binaries = reachableBinaries(await bundledBinaries(), owner, () => undefined);
  let replica: ChildProcess | undefined = await startPostmaster(
    { binaries, owner, clusterDir: replicaDir },
    replicaPort,
    null,
  );
  // A test run that ends without stop() must not leave the standby running.
  const killOnExit = () => replica?.kill('SIGINT');
  process.on('exit', killOnExit);
  const replicaUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${String(replicaPort)}`;

  const stopReplica = async () => {
    const child = replica;
    replica = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  };
  return {
    primaryUrl,
    primaryPort,
    replicaUrl,
    archiveDir,
    onReplica: (database, text) => runSql(`${replicaUrl}/${database}`, text),
    onPrimary: (database, text) => runSql(`${primaryUrl}/${database}`, text),
    stopReplica,
    async stop() {
      process.off('exit', killOnExit);
      try {
        await stopReplica();
      } finally {
        await primary.stop();
        rmSync(replicaParent, { recursive: true, force: true });
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
