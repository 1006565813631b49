/**
 * `npm run cluster`: Karta on several processes behind nginx, on loopback, with its database on
 * two nodes under Patroni (decision 067), until Ctrl-C (or SIGTERM, or `npm run cluster -- stop`
 * from another terminal of the same checkout) stops all of it. Which process runs the
 * checkout's cluster is kept in its `.data/cluster.pid`, and its folder in `.data/cluster-folder`.
 * PORT (nginx, default 3000) and DATABASE_URL (another PostgreSQL, no replicated tier) are the
 * only settings.
 *
 *   npm run cluster -- stop                  stops this checkout's cluster
 *   npm run cluster -- backup [full|diff]    a base backup of the running cluster
 *   npm run cluster -- restore --to <time>   point-in-time recovery into a scratch node
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Cluster } from './support/start-cluster';
import {
  clusterStateFile,
  recordRunningCluster,
  stopRunningCluster,
} from './support/cluster-state';
import { REPO_ROOT } from './support/paths';

const folderRecord = path.join(REPO_ROOT, '.data', 'cluster-folder');

function describe(cluster: Cluster, clusterFile: string): string {
  const rows: [string, string][] = [
    ['nginx (use this)', cluster.url],
    ...cluster.apis.map((api, i): [string, string] => [
      `API ${i + 1}`,
      `${api.url} (pid ${api.process.pid})`,
    ]),
    ...cluster.workers.map((worker, i): [string, string] => [
      `worker ${i + 1}`,
      `pid ${worker.pid}`,
    ]),
    ...(cluster.tier
      ? ([
          ['PostgreSQL write', `HAProxy 127.0.0.1:${cluster.tier.writePort} (the primary)`],
          ['PostgreSQL read', `HAProxy 127.0.0.1:${cluster.tier.readPort} (the replicas)`],
          ...cluster.tier.nodes.map((node): [string, string] => [
            node.name,
            `PostgreSQL 15 on ${node.pgPort}, Patroni REST ${node.restUrl} (pid ${node.patroni.pid})`,
          ]),
          ['etcd', `http://127.0.0.1:${cluster.tier.etcdPorts.client}`],
          ['backups', `pgBackRest, ${cluster.tier.backups.repository}`],
        ] satisfies [string, string][])
      : ([['PostgreSQL', cluster.databaseUrl.replace(/:[^:@/]+@/, ':***@')]] satisfies [
          string,
          string,
        ][])),
    ['Redis', `pid ${cluster.redis.pid}`],
    ['logs', cluster.folder],
    ['every process', clusterFile],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, where]) => `  ${name.padEnd(width)}  ${where}`).join('\n');
}

async function run() {
  // Loaded here, not above: `stop` needs none of the cluster's machinery.
  const { loadConfig } = await import('@karta/api/harness');
  const { startCluster } = await import('./support/start-cluster');
  const { writeClusterFile } = await import('./support/cluster-file');
  const { takeBackup } = await import('./support/pgbackrest');
  // The API's own reading of PORT (default 3000) and DATABASE_URL, the only two settings here.
  const { port, databaseUrl } = loadConfig();
  const cluster = await startCluster({ port, databaseUrl });
  const forgetCluster = recordRunningCluster(clusterStateFile());
  writeFileSync(folderRecord, `${cluster.folder}\n`);
  // A first base backup: from now on a restore can reach any second (WAL is archived).
  if (cluster.tier) await takeBackup(cluster.tier.backups, 'full', cluster.adminDatabaseUrl);
  const clusterFile = writeClusterFile(cluster);
  console.log(
    `Karta is running on several processes:\n${describe(cluster, clusterFile)}\nCtrl-C stops all.`,
  );
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    console.log('cluster: stopping…');
    await cluster.stop();
    rmSync(folderRecord, { force: true });
    forgetCluster();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/** The running cluster's folder (or --cluster's). */
function runningFolder(given: string | undefined): string {
  if (given) return given;
  try {
    return readFileSync(folderRecord, 'utf8').trim();
  } catch {
    throw new Error('no cluster is running in this checkout (npm run cluster starts one)');
  }
}

async function restore(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { to: { type: 'string' }, cluster: { type: 'string' }, keep: { type: 'boolean' } },
  });
  const to = new Date(values.to ?? '');
  if (Number.isNaN(to.getTime())) {
    console.error(
      'Usage: npm run cluster -- restore --to <time, e.g. 2026-11-28T14:05:00Z> [--keep]',
    );
    process.exit(2);
  }
  const { restoreCluster, describeRestore } = await import('./support/restore-command');
  const report = await restoreCluster({ folder: runningFolder(values.cluster), to });
  console.log(describeRestore(report));
  if (values.keep) {
    console.log('The scratch node keeps running; Ctrl-C stops it.');
    process.on('SIGINT', () => void report.node.stop().then(() => process.exit(0)));
    return;
  }
  await report.node.stop();
  process.exitCode = report.providerAhead.exitCode === 0 ? 0 : 3;
}

async function backup(args: string[]) {
  const type = args[0] === 'diff' || args[0] === 'incr' ? args[0] : 'full';
  const { backupRunningCluster } = await import('./support/restore-command');
  const info = await backupRunningCluster(runningFolder(undefined), type);
  console.log(`backup ${info.label} (${info.type}) finished at ${info.finishedAt.toISOString()}`);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'stop') {
  await stopRunningCluster(clusterStateFile(), (line) => {
    console.log(line);
  });
} else if (command === 'restore') {
  await restore(rest);
} else if (command === 'backup') {
  await backup(rest);
} else {
  await run();
}
