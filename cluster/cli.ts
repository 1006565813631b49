/**
 * `npm run cluster`: Karta on several processes behind nginx, on loopback, until Ctrl-C (or
 * SIGTERM, or `npm run cluster -- stop` from another terminal of the same checkout) stops all
 * of it. Which process runs the checkout's cluster is kept in its `.data/cluster.pid`.
 * PORT (nginx, default 3000) and DATABASE_URL (another PostgreSQL) are the only settings.
 */
import type { Cluster } from './support/start-cluster';
import {
  clusterStateFile,
  recordRunningCluster,
  stopRunningCluster,
} from './support/cluster-state';

function describe(cluster: Cluster): string {
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
    ['PostgreSQL', cluster.databaseUrl.replace(/:[^:@/]+@/, ':***@')],
    ['Redis', `pid ${cluster.redis.pid}`],
    ['logs', cluster.folder],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, where]) => `  ${name.padEnd(width)}  ${where}`).join('\n');
}

async function run() {
  // Loaded here, not above: `stop` needs none of the cluster's machinery.
  const { loadConfig } = await import('@karta/api/harness');
  const { startCluster } = await import('./support/start-cluster');
  // The API's own reading of PORT (default 3000) and DATABASE_URL, the only two settings here.
  const { port, databaseUrl } = loadConfig();
  const cluster = await startCluster({ port, databaseUrl });
  const forgetCluster = recordRunningCluster(clusterStateFile());
  console.log(`Karta is running on several processes:\n${describe(cluster)}\nCtrl-C stops all.`);
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    console.log('cluster: stopping…');
    await cluster.stop();
    forgetCluster();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[2] === 'stop') {
  await stopRunningCluster(clusterStateFile(), (line) => {
    console.log(line);
  });
} else {
  await run();
}
