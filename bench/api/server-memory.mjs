// The built server's start time (spawn to the first 200 from /readyz, and the CPU time the
// process used until then, steadier than the wall time on a shared machine) and its resident memory
// once ready and idle, as `node apps/api/dist/server.js` runs with its own embedded PostgreSQL
// (decision 045). Each run uses a fresh DATA_DIR (the first start: initdb, migrations, the demo
// seed), then starts again on the same folder (a restart: nothing to create). After `npm run build`:
//   node bench/api/server-memory.mjs [runs=3] [path/to/server.js, for an A/B against another build]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const runs = Number(process.argv[2] ?? 3);
const serverJs = path.resolve(
  process.argv[3] ?? path.join(import.meta.dirname, '../../apps/api/dist/server.js'),
);
/** How long the server is left alone after /readyz before its memory is read again. */
const IDLE_MS = 3_000;
const START_LIMIT_MS = 120_000;

/** A port nobody listens on now (other benches and tests share the machine). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** CPU time the process itself has used (user + system; not its children's), in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function isReady(url) {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/** One start of the server on `dataDir`: ms to ready, RSS at ready and after IDLE_MS. */
async function startOnce(dataDir) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RUN_WORKER: 'false',
    EMBEDDED_PG_PORT: String(await freePort()),
    METRICS_PORT: '0',
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [serverJs], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    while (!(await isReady(`http://127.0.0.1:${port}/readyz`))) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
      if (performance.now() - started > START_LIMIT_MS) throw new Error('not ready in time');
      await sleep(20);
    }
    const readyMs = performance.now() - started;
    const readyRss = rssMb(child.pid);
    const readyCpuMs = cpuMs(child.pid);
    await sleep(IDLE_MS);
    return { readyMs, readyCpuMs, readyRss, idleRss: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = { 'first start': [], restart: [] };
for (let i = 0; i < runs; i += 1) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'karta-server-memory-'));
  try {
    rows['first start'].push(await startOnce(dataDir));
    rows.restart.push(await startOnce(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const [name, results] of Object.entries(rows)) {
  const list = (key, digits) => results.map((r) => r[key].toFixed(digits)).join(', ');
  const med = (key) => median(results.map((r) => r[key])).toFixed(0);
  console.log(
    `${name.padEnd(12)} ready in ${med('readyMs')} ms (${list('readyMs', 0)}), ` +
      `CPU to ready ${med('readyCpuMs')} ms (${list('readyCpuMs', 0)}), ` +
      `RSS at ready ${med('readyRss')} MB (${list('readyRss', 0)}), ` +
      `after ${IDLE_MS / 1000} s idle ${med('idleRss')} MB (${list('idleRss', 0)})`,
  );
}
