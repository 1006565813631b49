import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDatabase,
  type DatabaseHandle,
  findFreePort,
  expectLedgerConsistent,
  cardPhoto,
  multipart,
  DEMO_USER,
  openJobInspector,
  openEventStream,
  type JobInspector,
} from '@karta/api/harness';
import { call, signIn } from './support/client';
import {
  fundedWithdrawer,
  inParallel,
  transfersNotExactlyOnce,
  waitForPayouts,
  withdraw,
  withdrawalsPerKey,
  type Withdrawer,
} from './support/money';
import { startCluster, type Cluster } from './support/start-cluster';

/**
 * Per IP and minute, shared through Redis: small enough for test (1) to reach, large enough for
 * the 320 withdrawals tests (3) and (2) send from one address within a minute.
 */
const RATE_LIMIT_MAX = 1_000;

let cluster: Cluster;
let database: DatabaseHandle;
let withdrawer: Withdrawer;

beforeAll(async () => {
  cluster = await startCluster({
    port: await findFreePort(),
    env: { RATE_LIMIT_MAX: String(RATE_LIMIT_MAX), LOG_LEVEL: 'warn' },
    log: () => undefined,
  });
  database = connectDatabase(cluster.adminDatabaseUrl, 2, () => undefined);
  withdrawer = await fundedWithdrawer(database.db, cluster.url);
});

afterAll(async () => {
  await database.close();
  await cluster.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const [first, second] = [0, 1];
/** The i-th of a list the cluster made, which has it. */
function nth<T>(list: readonly T[], i: number): T {
  const found = list[i];
  if (found === undefined) throw new Error(`the cluster has no item ${i}`);
  return found;
}
const api = (i: number) => nth(cluster.apis, i);

/** A sign-in whose body arrives in two halves `gapMs` apart: in flight for that long. */
function slowSignIn(port: number, gapMs: number): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), gapMs);
  });
}

const portOf = (url: string) => Number(new URL(url).port);

/** The payout job of a withdrawal, as pg-boss tells: where it is, and how often it was started again. */
async function payoutJob(jobs: JobInspector, withdrawalId: string | undefined) {
  const found = await jobs.jobsWithKey('payout', withdrawalId ?? 'no withdrawal');
  expect(found).toHaveLength(1);
  const [job] = found;
  return job && { state: job.state, retry_count: job.retryCount };
}

describe('Karta on several processes', () => {
  it('(1) carries a seller across processes: session, photos and request limits are shared', async () => {
    const session = await signIn(cluster.url);
    // The refresh cookie nginx's answer set, traded on the second API process directly.
    const refreshed = await call(`${api(second).url}/api/v1/user/refresh_token/${session.userId}`, {
      method: 'POST',
      headers: { cookie: session.refreshCookie },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    const token = refreshed.body?.token as string;
    const me = await call(`${api(first).url}/api/v1/auth/current_user`, { token });
    expect(me.status).toBe(200);

    const [subcategory] = (
      await database.db.execute<{ id: string; min_amount: number }>(
        sql`select id, min_amount from gift_card_subcategories order by id limit 1`,
      )
    ).rows;
    if (!subcategory) throw new Error('the demo catalog has no subcategory');
    const upload = multipart(
      { subcategory_id: subcategory.id, amount: String(subcategory.min_amount) },
      [await cardPhoto(320, 200)],
    );
    const added = await fetch(`${api(first).url}/api/v1/trade/add_trade`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: token },
      body: upload.payload,
    });
    const trade = (await added.json()) as { data?: { images: { url: string }[] } };
    expect(added.status, JSON.stringify(trade)).toBe(201);
    const photoUrl = new URL(trade.data?.images[0]?.url ?? '/no-photo', api(second).url);
    const photo = await fetch(`${api(second).url}${photoUrl.pathname}${photoUrl.search}`, {
      headers: { authorization: token },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);

    // One client address (behind nginx, X-Forwarded-For), half its minute on each process. An
    // empty sign-in is refused (400) before any password hashing: cheap, and limited.
    const asOneClient = (i: number, address = '203.0.113.77') =>
      call(`${api(i).url}/api/v1/auth/login`, {
        headers: { 'x-forwarded-for': address },
        body: {},
      });
    const spent = await inParallel(RATE_LIMIT_MAX, 16, (n) => asOneClient(n % 2));
    expect(spent.map((answer) => answer.status)).toEqual(spent.map(() => 400));
    expect((await asOneClient(first)).status).toBe(429);
    expect((await asOneClient(second)).status).toBe(429);
    // Another address is not limited.
    expect((await asOneClient(second, '203.0.113.78')).status).toBe(400);
  });

  it('(7) a live event committed through one API process reaches a stream held on the other', async () => {
    const seller = await signIn(cluster.url);
    const operator = await signIn(cluster.url, 'operator@karta.example', DEMO_USER.password);
    const [subcategory] = (
      await database.db.execute<{ id: string; min_amount: number }>(
        sql`select id, min_amount from gift_card_subcategories order by id limit 1`,
      )
    ).rows;
    if (!subcategory) throw new Error('the demo catalog has no subcategory');
    const upload = multipart(
      { subcategory_id: subcategory.id, amount: String(subcategory.min_amount) },
      [await cardPhoto(160, 100)],
    );
    const added = await fetch(`${api(first).url}/api/v1/trade/add_trade`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: seller.token },
      body: upload.payload,
    });
    const trade = ((await added.json()) as { data: { id: string } }).data;
    const stream = await openEventStream(api(second).url, seller.token);
    try {
      expect(stream.status).toBe(200);
      const approved = await call(`${api(first).url}/api/v1/admin/trades/${trade.id}/approve`, {
        token: operator.token,
        body: {},
      });
      expect(approved.status, approved.text).toBe(200);
      const committedAt = Date.now();
      const heard = await stream.waitFor(
        (event) =>
          event.type === 'trade' && (event.data as { id: string; status: string }).id === trade.id,
        10_000,
      );
      expect(heard.data).toMatchObject({ id: trade.id, status: 'approved' });
      console.log(
        `live events: API 1's approval reached API 2's stream ${Date.now() - committedAt} ms after its answer`,
      );
    } finally {
      stream.close();
    }
  });

  it('(6) runs every API and worker process on the Node the tests run on: Node 24 (decision 055)', async () => {
    expect(process.version).toMatch(/^v24\./);
    // An API process says its own process.version in its metrics (prom-client's nodejs_version_info).
    for (const each of cluster.apis) {
      const text = await (await fetch(each.metricsUrl)).text();
      expect(/^nodejs_version_info\{version="([^"]+)"/m.exec(text)?.[1], each.url).toBe(
        process.version,
      );
    }
    // A worker serves no metrics: the binary its process runs is asked.
    for (const worker of cluster.workers) {
      const binary = readlinkSync(`/proc/${String(worker.pid)}/exe`);
      expect(execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim(), binary).toBe(
        process.version,
      );
    }
  });

  it('(5) lets in-flight requests finish on SIGTERM, and returns a stopping worker’s job to the queue', async () => {
    const process1 = api(first).process;
    const inFlight = [1, 2, 3].map(() => slowSignIn(portOf(api(first).url), 1_500));
    await sleep(300);
    const exited = process1.signal('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await exited).toBe(0);
    // nginx sends everyone to the other process meanwhile.
    expect((await call(`${cluster.url}/readyz`)).status).toBe(200);
    await process1.start();

    // Only the first worker runs; a payout job of it waits on a lock this test holds.
    const [worker1, worker2] = [nth(cluster.workers, 0), nth(cluster.workers, 1)];
    expect(await worker2.stop()).toBe(0);
    const locker = await database.pool.connect();
    const jobs = await openJobInspector(cluster.adminDatabaseUrl);
    try {
      await locker.query('begin');
      await locker.query('lock table sandbox_recipients in share row exclusive mode');
      const outcome = await withdraw(cluster.url, withdrawer);
      expect(outcome.statuses.at(-1)).toBe(201);
      await expect
        .poll(
          async () =>
            (
              await database.pool.query<{ n: number }>(`select count(*)::int as n from pg_locks l
                 join pg_class c on c.oid = l.relation
                where c.relname = 'sandbox_recipients' and not l.granted`)
            ).rows[0]?.n,
          { timeout: 20_000, interval: 200 },
        )
        .toBe(1);
      await worker2.start();
      // The grace (jobs.ts STOP_GRACE_MS) runs out: the job is failed back to the queue.
      expect(await worker1.signal('SIGTERM')).toBe(0);
      expect(await payoutJob(jobs, outcome.withdrawalId)).toMatchObject({ state: 'retry' });
      await locker.query('commit');
      const statuses = await waitForPayouts(database.db, withdrawer.session.userId, 60_000);
      expect(statuses).toEqual({ successful: 1 });
      // Completed by the other worker, on its second start.
      expect(await payoutJob(jobs, outcome.withdrawalId)).toEqual({
        state: 'completed',
        retry_count: 1,
      });
    } finally {
      await jobs.close();
      await locker.query('rollback').catch(() => undefined);
      locker.release();
    }
    expect(await transfersNotExactlyOnce(database.db, withdrawer.session.userId)).toEqual([]);
    await worker1.start();
  });

  it('(3) kill -9 of an API process under load: no money request applied twice, no 5xx once nginx marks it down', async () => {
    const startedAt = Date.now();
    let killedAt = Number.POSITIVE_INFINITY;
    const killer = (async () => {
      await sleep(2_000);
      killedAt = Date.now();
      await api(first).process.signal('SIGKILL');
    })();
    const outcomes = await inParallel(120, 8, () => withdraw(cluster.url, withdrawer));
    await killer;
    expect(killedAt - startedAt).toBeLessThan(Date.now() - startedAt);

    expect(outcomes.filter((o) => o.statuses.at(-1) !== 201)).toEqual([]);
    const perKey = await withdrawalsPerKey(
      database.db,
      withdrawer.session.userId,
      outcomes.map((o) => o.key),
    );
    expect(outcomes.filter((o) => perKey.get(o.key) !== 1)).toEqual([]);
    // A request in flight on the killed process may fail (502) and be retried; once nginx has
    // seen it refuse (max_fails=1), nothing started a second later sees a 5xx.
    const lateFailures = outcomes.flatMap((o) =>
      o.statuses.filter((status, i) => status >= 500 && (o.startedAt[i] ?? 0) > killedAt + 1_000),
    );
    expect(lateFailures).toEqual([]);
    await expectLedgerConsistent(database.db);
    await api(first).process.start();
  });

  it('(2) kill -9 of a worker while 200 payouts are in flight: each paid exactly once', async () => {
    // Test (3)'s payouts settle first (a killed process's take reconciliation's minute), so
    // that what is counted after is this test's 200.
    const before = await waitForPayouts(database.db, withdrawer.session.userId, 180_000);
    expect(Object.keys(before)).toEqual(['successful']);
    const killed = nth(cluster.workers, 0);
    let isKilled = false;
    const outcomes = await inParallel(200, 12, async (i) => {
      if (i === 60 && !isKilled) {
        isKilled = true;
        await killed.signal('SIGKILL');
      }
      return withdraw(cluster.url, withdrawer);
    });
    expect(outcomes.filter((o) => o.statuses.at(-1) !== 201)).toEqual([]);
    // The killed worker's job stays "active" in pg-boss; reconciliation (every minute, for
    // payouts unfinished after a minute) queues it again.
    const statuses = await waitForPayouts(database.db, withdrawer.session.userId, 180_000);
    expect(statuses).toEqual({ successful: (before.successful ?? 0) + 200 });
    expect(await transfersNotExactlyOnce(database.db, withdrawer.session.userId)).toEqual([]);
    await expectLedgerConsistent(database.db);
    await killed.start();
  }, 420_000);
});
