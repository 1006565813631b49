/**
 * The events group of `npm run bench` (decision 069): the live stream across two API
 * processes. Two `dist/server.js` processes (A and B) run on the bench's database, each with its
 * LISTEN connection. A seller's stream is held on B; the bench commits events for that seller
 * on a connection of its own (the API's `publishEvent`: the row and its NOTIFY in one
 * transaction), and times each from its COMMIT to the moment the client has read the event off
 * B's stream: commit to client, p50 and p99. Then B holds 5,000 idle streams of another user
 * (one user, so the per-user cap is raised for the bench) and its resident memory is read from
 * /proc before and after; the delay is measured again with them open. Loopback only, bounded:
 * the streams are closed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ManagedProcess } from '../../cluster/support/managed-process';
import { DEMO_USER, findFreePort, hashSecret, publishEvent } from '@karta/api/harness';
import { processMemoryMb } from './process-memory';
import type { Budget } from './scenario';
import { loginForToken, type Stack } from './stack';

const SERVER = fileURLToPath(new URL('../../apps/api/dist/server.js', import.meta.url));
const IDLE_STREAMS = 5000;
/** Streams opened at once while the 5,000 are built up. */
const OPEN_BATCH = 250;
/** Events timed per measure, one at a time, a little apart. */
const EVENTS = 300;
const QUICK_EVENTS = 100;
const DELAY_BUDGET_MS = 1000;
const IDLE_EMAIL = 'bench-events-idle@example.com';

/** The user whose streams stay idle: no event is ever published for them. */
async function idleUserToken(stack: Stack, url: string) {
  await stack.db.execute(sql`
    insert into users (first_name, last_name, email, mobile_number, password_hash, status, referral_code, verified_at)
    values ('Idle', 'Streams', ${IDLE_EMAIL}, '+2348999000001', ${await hashSecret(DEMO_USER.password)},
            'active', 'BENCHIDLE', now())
    on conflict do nothing`);
  return loginForToken(url, IDLE_EMAIL, DEMO_USER.password);
}

export interface EventsReport {
  events: number;
  commitToClient: { p50Ms: number; p99Ms: number };
  commitToClientWithIdleStreams: { p50Ms: number; p99Ms: number };
  idleStreams: number;
  rssBeforeMb: number;
  rssWithIdleStreamsMb: number;
  kbPerIdleStream: number;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
const round = (value: number) => Math.round(value * 100) / 100;

/** One open stream: `onEvent` is called with each event's data as it is read. */
function openStream(
  url: string,
  token: string,
  agent: http.Agent,
  onEvent: (data: string) => void = () => undefined,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${url}/api/v1/events`,
      { agent, headers: { authorization: token, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`the stream answered ${String(response.statusCode)}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (data) onEvent(data.slice(6));
          }
        });
        response.on('error', () => undefined);
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

function startApi(stack: Stack, port: number, folder: string, name: string) {
  const url = `http://127.0.0.1:${String(port)}`;
  return {
    url,
    process: new ManagedProcess({
      name,
      command: process.execPath,
      args: [SERVER],
      env: {
        ...stack.apiEnv,
        PORT: String(port),
        RUN_WORKER: 'false',
        SEED_DEMO: 'false',
        EVENTS_STREAMS_PER_USER: String(IDLE_STREAMS + 10),
      },
      logFile: path.join(folder, `${name}.log`),
      isReady: async () => (await fetch(`${url}/readyz`)).ok,
    }),
  };
}

/** Commits `count` events for the user, each timed from its COMMIT to the client's read. */
async function timeDelays(
  stack: Stack,
  userId: string,
  waiting: Map<string, () => void>,
  count: number,
) {
  const delays: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = crypto.randomUUID();
    let startedAt = 0;
    const heard = new Promise<void>((resolve) => {
      waiting.set(id, resolve);
    });
    await stack.db.transaction(async (tx) => {
      await publishEvent(tx, { userId, type: 'notice', data: { id, kind: 'rate_alert' } });
      // The transaction commits as this callback returns.
      startedAt = performance.now();
    });
    await Promise.race([heard, sleep(5000)]);
    if (!waiting.has(id)) delays.push(performance.now() - startedAt);
    waiting.delete(id);
    await sleep(5);
  }
  if (delays.length < count)
    throw new Error(`${String(count - delays.length)} events never arrived`);
  const sorted = delays.sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 0.5)), p99Ms: round(percentile(sorted, 0.99)) };
}

export async function runEventScenarios(
  stack: Stack,
  options: { quick: boolean },
): Promise<{ report: EventsReport; budgets: Budget[] }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'karta-bench-events-'));
  const a = startApi(stack, await findFreePort(), folder, 'api-a');
  const b = startApi(stack, await findFreePort(), folder, 'api-b');
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const open: http.ClientRequest[] = [];
  const events = options.quick ? QUICK_EVENTS : EVENTS;
  try {
    await a.process.start();
    await b.process.start();
    const token = await loginForToken(a.url);
    const idleToken = await idleUserToken(stack, a.url);
    const users = await stack.db.execute<{ id: string }>(
      sql`select id from users where email = ${DEMO_USER.email}`,
    );
    const userId = users.rows[0]?.id;
    if (!userId) throw new Error('no demo user');

    const waiting = new Map<string, () => void>();
    const measured = await openStream(b.url, token, agent, (data) => {
      const { id } = JSON.parse(data) as { id: string };
      const resolve = waiting.get(id);
      waiting.delete(id);
      resolve?.();
    });
    open.push(measured);
    console.log(`  live events: ${String(events)} commits, each read off API B's stream`);
    const commitToClient = await timeDelays(stack, userId, waiting, events);

    await sleep(1000);
    const pid = b.process.pid ?? 0;
    const rssBeforeMb = processMemoryMb(pid, 'VmRSS') ?? Number.NaN;
    console.log(`  live events: ${String(IDLE_STREAMS)} idle streams on API B`);
    for (let opened = 0; opened < IDLE_STREAMS; opened += OPEN_BATCH) {
      const batch = Math.min(OPEN_BATCH, IDLE_STREAMS - opened);
      open.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => openStream(b.url, idleToken, agent)),
        )),
      );
    }
    await sleep(2000);
    const rssWithIdleStreamsMb = processMemoryMb(pid, 'VmRSS') ?? Number.NaN;
    const commitToClientWithIdleStreams = await timeDelays(stack, userId, waiting, events);

    const report: EventsReport = {
      events,
      commitToClient,
      commitToClientWithIdleStreams,
      idleStreams: IDLE_STREAMS,
      rssBeforeMb: round(rssBeforeMb),
      rssWithIdleStreamsMb: round(rssWithIdleStreamsMb),
      kbPerIdleStream: round(((rssWithIdleStreamsMb - rssBeforeMb) * 1024) / IDLE_STREAMS),
    };
    console.log(
      `  live events: commit to client p50 ${String(commitToClient.p50Ms)} ms, p99 ${String(commitToClient.p99Ms)} ms; with ${String(IDLE_STREAMS)} streams open p50 ${String(commitToClientWithIdleStreams.p50Ms)} ms, p99 ${String(commitToClientWithIdleStreams.p99Ms)} ms`,
    );
    console.log(
      `  live events: API B's RSS ${String(report.rssBeforeMb)} MB with one stream, ${String(report.rssWithIdleStreamsMb)} MB with ${String(IDLE_STREAMS)} idle streams (${String(report.kbPerIdleStream)} KB a stream)`,
    );
    const budgets: Budget[] = [
      {
        name: 'live events: commit to client across two API processes, p99 (decision 069)',
        value: commitToClient.p99Ms,
        limit: `<= ${String(DELAY_BUDGET_MS)} ms`,
        ok: commitToClient.p99Ms <= DELAY_BUDGET_MS,
      },
      {
        name: `live events: the same with ${String(IDLE_STREAMS)} streams open on API B, p99`,
        value: commitToClientWithIdleStreams.p99Ms,
        limit: `<= ${String(DELAY_BUDGET_MS)} ms`,
        ok: commitToClientWithIdleStreams.p99Ms <= DELAY_BUDGET_MS,
      },
    ];
    return { report, budgets };
  } finally {
    for (const request of open) request.destroy();
    agent.destroy();
    await b.process.stop();
    await a.process.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
