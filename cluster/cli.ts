/**
 * `npm run cluster`: Karta on several processes behind nginx, on loopback, until Ctrl-C (or
 * SIGTERM, or `npm run cluster -- stop` from another terminal) stops all of it.
 * PORT (nginx, default 3000) and DATABASE_URL (another PostgreSQL) are the only settings.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@karta/api/harness';
import { startCluster, type Cluster } from './support/start-cluster';

const PID_FILE = path.join(os.tmpdir(), 'karta-cluster.pid');

function stopRunningCluster() {
  let pid: number;
  try {
    pid = Number(readFileSync(PID_FILE, 'utf8').trim());
  } catch {
    console.log('cluster: none is running');
    return;
  }
  try {
    process.kill(pid, 'SIGTERM');
    console.log(`cluster: asked the cluster (pid ${pid}) to stop`);
  } catch {
    console.log('cluster: none is running');
    rmSync(PID_FILE, { force: true });
  }
}

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
  // The API's own reading of PORT (default 3000) and DATABASE_URL, the only two settings here.
  const { port, databaseUrl } = loadConfig();
  const cluster = await startCluster({ port, databaseUrl });
  writeFileSync(PID_FILE, `${process.pid}\n`);
  console.log(`Karta is running on several processes:\n${describe(cluster)}\nCtrl-C stops all.`);
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    console.log('cluster: stopping…');
    await cluster.stop();
    rmSync(PID_FILE, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[2] === 'stop') stopRunningCluster();
else await run();
