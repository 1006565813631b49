import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardPhoto,
  connectDatabase,
  type DatabaseHandle,
  expectLedgerConsistent,
  findFreePort,
  multipart,
} from '@karta/api/harness';
import { signIn, type Session } from './support/client';
import {
  fundedWithdrawer,
  inParallel,
  transfersNotExactlyOnce,
  waitForPayouts,
  withdraw,
  withdrawalsPerKey,
  type Withdrawer,
} from './support/money';
import { writeClusterFile } from './support/cluster-file';
import { isSynchronousStandby, killHost, roleOf, type DatabaseNode } from './support/patroni';
import { startCluster, type Cluster } from './support/start-cluster';
import type { DatabaseTier } from './support/database-tier';
import { takeBackup } from './support/pgbackrest';
import { describeRestore, restoreCluster } from './support/restore-command';

/**
 * Decision 067: the database survives losing a machine. Two PostgreSQL nodes under
 * Patroni with synchronous replication, HAProxy in front, pgBackRest archiving every WAL segment.
 */
let cluster: Cluster;
let tier: DatabaseTier;
let database: DatabaseHandle;
let withdrawer: Withdrawer;
let seller: Session;

beforeAll(async () => {
  cluster = await startCluster({
    port: await findFreePort(),
    env: { RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn' },
    log: () => undefined,
  });
  if (!cluster.tier) throw new Error('the cluster started without its replicated database');
  tier = cluster.tier;
  database = connectDatabase(cluster.adminDatabaseUrl, 2, () => undefined);
  withdrawer = await fundedWithdrawer(database.db, cluster.url);
  seller = await signIn(cluster.url);
});

afterAll(async () => {
  await database.close();
  await cluster.stop();
});

function nth<T>(list: readonly T[], i: number): T {
  const found = list[i];
  if (found === undefined) throw new Error(`the cluster has no item ${i}`);
  return found;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  startedAt: number;
  answeredAt: number;
  retryAfter: string | null;
  text: string;
}

/** A seller's trade with one photo, sent once (the API has no key to retry it safely). */
async function addTrade(subcategory: {
  id: string;
  min_amount: number;
}): Promise<Answer & { id?: string }> {
  const startedAt = Date.now();
  const upload = multipart(
    { subcategory_id: subcategory.id, amount: String(subcategory.min_amount) },
    [await cardPhoto(160, 100)],
  );
  try {
    const response = await fetch(`${cluster.url}/api/v1/trade/add_trade`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: seller.token },
      body: upload.payload,
    });
    const text = await response.text();
    const id =
      response.status === 201 ? (JSON.parse(text) as { data: { id: string } }).data.id : undefined;
    return {
      status: response.status,
      startedAt,
      answeredAt: Date.now(),
      retryAfter: response.headers.get('retry-after'),
      text,
      id,
    };
  } catch {
    return { status: 0, startedAt, answeredAt: Date.now(), retryAfter: null, text: '' };
  }
}

/** The server `karta_database_primary_info` names in a scrape. */
const primaryIn = (metrics: string) =>
  /^karta_database_primary_info\{server="([^"]+)"\} 1$/m.exec(metrics)?.[1];

const STACK_TRACE = /\n\s+at |stack|node_modules|\.js:\d+/;

describe('the database survives losing a machine', () => {
  it('writes cluster.json: every process, its kind, pid and ports, and each node’s Patroni, data folder and ports', () => {
    const file = writeClusterFile(cluster);
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      processes: { name: string; kind: string; pid: number; ports: Record<string, number> }[];
    };
    const kinds = written.processes.map((each) => each.kind).sort();
    expect(kinds).toEqual(
      [
        'api',
        'api',
        'etcd',
        'haproxy',
        'nginx',
        'patroni',
        'patroni',
        'postgres',
        'postgres',
        'redis',
        's3',
        'worker',
        'worker',
      ].sort(),
    );
    for (const each of written.processes) {
      expect(each.pid, each.name).toBeGreaterThan(0);
      process.kill(each.pid, 0);
    }
    const nodes = written.processes.filter((each) => each.kind === 'postgres');
    for (const node of nodes) {
      const { patroni_pid, data_dir, pg_port, rest_port } = node as Record<string, unknown>;
      expect(typeof patroni_pid === 'number' && patroni_pid > 0, node.name).toBe(true);
      expect(String(data_dir)).toContain(cluster.folder);
      expect([typeof pg_port, typeof rest_port]).toEqual(['number', 'number']);
    }
  });

  it('(1) losing the primary’s host under load: the replica is promoted, writes resume within 30 s, nothing acknowledged is lost', async () => {
    const { primary: lost, standby } = await tier.waitUntilReplicated();
    const apiPids = cluster.apis.map((each) => each.process.pid);
    const [subcategory] = (
      await database.db.execute<{ id: string; min_amount: number }>(
        sql`select id, min_amount from gift_card_subcategories order by id limit 1`,
      )
    ).rows;
    if (!subcategory) throw new Error('the demo catalog has no subcategory');

    let killedAt = Number.POSITIVE_INFINITY;
    const load = { isRunning: true };
    const trades: (Answer & { id?: string })[] = [];
    const tradeLane = (async () => {
      while (load.isRunning) {
        trades.push(await addTrade(subcategory));
        await sleep(200);
      }
    })();
    const withdrawals: Awaited<ReturnType<typeof withdraw>>[] = [];
    const withdrawalLanes = Array.from({ length: 4 }, async () => {
      while (load.isRunning) {
        // Each rides out the failover as a careful client would: the same key for up to 60 s.
        withdrawals.push(await withdraw(cluster.url, withdrawer, { retryForMs: 60_000 }));
        await sleep(100);
      }
    });
    await sleep(3_000);
    killedAt = Date.now();
    await killHost(lost);

    // Writes resume: the first withdrawal accepted that was sent after the kill.
    const resumed = async () =>
      withdrawals
        .flatMap((o) =>
          o.statuses.map((status, i) => ({
            status,
            started: o.startedAt[i] ?? 0,
            answered: o.answeredAt[i] ?? 0,
          })),
        )
        .filter((a) => a.status === 201 && a.started > killedAt)
        .map((a) => a.answered)
        .sort((a, b) => a - b)[0];
    await expect.poll(resumed, { timeout: 45_000, interval: 250 }).toBeDefined();
    const gapMs = ((await resumed()) ?? 0) - killedAt;
    console.log(
      `failover: writes stopped for ${(gapMs / 1000).toFixed(1)} s after the primary's host was lost`,
    );
    expect(gapMs).toBeLessThan(30_000);
    // Load goes on a little on the new primary, then stops.
    await sleep(3_000);
    load.isRunning = false;
    await Promise.all([tradeLane, ...withdrawalLanes]);

    expect(await roleOf(standby)).toBe('primary');
    expect(await roleOf(lost)).toBeUndefined();
    // Each API process's /metrics names the new primary (decision 068).
    for (const each of cluster.apis) {
      await expect
        .poll(async () => primaryIn(await (await fetch(each.metricsUrl)).text()), {
          timeout: 10_000,
        })
        .toBe(`127.0.0.1:${standby.pgPort}`);
    }
    // The API processes lived through it: no restart.
    expect(cluster.apis.map((each) => each.process.pid)).toEqual(apiPids);

    // Every answer: 2xx, or 503 with Retry-After while writes were away; never a 500, never a trace.
    const withdrawalAnswers = withdrawals.flatMap((o) =>
      o.statuses.map((status, i) => ({ status, retryAfter: o.retryAfter[i] ?? null })),
    );
    const tradeAnswers = trades.map(({ status, retryAfter }) => ({ status, retryAfter }));
    // A fault's own words first, so a failure says what answered 500.
    expect(withdrawals.flatMap((o) => o.faults)).toEqual([]);
    expect(trades.filter((t) => t.status >= 500 && t.status !== 503).map((t) => t.text)).toEqual(
      [],
    );
    for (const answer of [...withdrawalAnswers, ...tradeAnswers]) {
      if (answer.status === 503) expect(answer.retryAfter).toBe('5');
      else if (answer.status !== 0) expect([200, 201]).toContain(answer.status);
    }
    expect(trades.filter((t) => STACK_TRACE.test(t.text)).map((t) => t.text)).toEqual([]);
    const refused = [...withdrawalAnswers, ...tradeAnswers].filter((a) => a.status === 503);
    console.log(
      `failover: ${withdrawals.length} withdrawals and ${trades.length} trades sent, ${refused.length} answers were 503 with Retry-After`,
    );

    // Every acknowledged request is in the database of the promoted node.
    const accepted = withdrawals.filter((o) => o.statuses.at(-1) === 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(withdrawals.filter((o) => o.statuses.at(-1) !== 201)).toEqual([]);
    const perKey = await withdrawalsPerKey(
      database.db,
      withdrawer.session.userId,
      accepted.map((o) => o.key),
    );
    expect(accepted.filter((o) => perKey.get(o.key) !== 1)).toEqual([]);
    const tradeIds = trades.flatMap((t) => (t.id ? [t.id] : []));
    const stored = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from trades where id = any(${sql.param(tradeIds)}::uuid[])`,
    );
    expect(stored.rows[0]?.n).toBe(tradeIds.length);

    // Each payout paid once; the books balance.
    const statuses = await waitForPayouts(database.db, withdrawer.session.userId, 180_000);
    expect(Object.keys(statuses)).toEqual(['successful']);
    expect(await transfersNotExactlyOnce(database.db, withdrawer.session.userId)).toEqual([]);
    await expectLedgerConsistent(database.db);
  }, 300_000);

  it('(2) the old primary comes back as a replica (pg_rewind) and synchronous replication is back', async () => {
    const lost = tier.nodes.find((node) => !node.patroni.isRunning) as DatabaseNode;
    expect(lost).toBeDefined();
    await lost.patroni.start();
    const { primary, standby } = await tier.waitUntilReplicated(120_000);
    expect(standby.name).toBe(lost.name);
    expect(primary.name).not.toBe(lost.name);
    expect(await isSynchronousStandby(lost)).toBe(true);
    // Patroni logs its pg_rewind run (INFO) when the old primary had WAL the new one never got.
    const rewound = readFileSync(lost.patroni.spec.logFile, 'utf8').includes('pg_rewind');
    console.log(
      `rejoin: ${lost.name} is the synchronous standby again (pg_rewind ${rewound ? 'ran' : 'was not needed'})`,
    );
    // A write now waits for the standby's confirmation, and the standby has it.
    const outcome = await withdraw(cluster.url, withdrawer);
    expect(outcome.statuses.at(-1)).toBe(201);
    const replica = connectDatabase(
      `postgres://postgres:${tier.superuserPassword}@127.0.0.1:${lost.pgPort}/karta`,
      1,
      () => undefined,
    );
    try {
      const found = await replica.pool.query<{ n: number; recovering: boolean }>(
        'select count(*)::int as n, pg_is_in_recovery() as recovering from withdrawals where idempotency_key = $1',
        [outcome.key],
      );
      expect(found.rows[0]).toEqual({ n: 1, recovering: true });
    } finally {
      await replica.close();
    }
  }, 180_000);

  it('(3, 4) restores to a point in time before an accident, and lists the payouts the provider made after it', async () => {
    const backup = await takeBackup(tier.backups, 'full', cluster.adminDatabaseUrl);
    // /metrics: the backup's age, WAL archiving and the replica's lag, as an operator watches them.
    const metrics = await (await fetch(nth(cluster.apis, 0).metricsUrl)).text();
    const gauge = (name: string) =>
      Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? Number.NaN);
    expect(gauge('karta_database_backup_age_seconds')).toBeLessThan(60);
    expect(Number.isFinite(gauge('karta_wal_archive_failed_total'))).toBe(true);
    // The backup waited for its last WAL segment to be archived.
    expect(gauge('karta_wal_archive_last_success_age_seconds')).toBeLessThan(60);
    expect(gauge('karta_database_replica_lag_seconds')).toBeLessThan(5);
    const settle = async () => {
      const statuses = await waitForPayouts(database.db, withdrawer.session.userId, 180_000);
      expect(Object.keys(statuses)).toEqual(['successful']);
    };
    const withdrawSome = async (count: number) => {
      const outcomes = await inParallel(count, 3, () => withdraw(cluster.url, withdrawer));
      expect(outcomes.map((o) => o.statuses.at(-1))).toEqual(outcomes.map(() => 201));
      await settle();
      return outcomes;
    };
    const before = await withdrawSome(3);
    // T, on the database's own clock, with what the database held then.
    const [atT] = (
      await database.pool.query<{ t: Date; withdrawals: number; trades: number }>(
        `select clock_timestamp() as t, (select count(*)::int from withdrawals) as withdrawals,
                (select count(*)::int from trades) as trades`,
      )
    ).rows;
    if (!atT) throw new Error('no time');
    await sleep(1_500);
    const after = await withdrawSome(3);
    // What an operator fears, after T: a table dropped.
    await database.pool.query('drop table trades cascade');

    writeClusterFile(cluster);
    const report = await restoreCluster({ folder: cluster.folder, to: atT.t });
    try {
      console.log(`${describeRestore(report)}\n  (base backup ${backup.label})`);
      expect(report.counts).toMatchObject({ withdrawals: atT.withdrawals, trades: atT.trades });
      for (const [problem, rows] of Object.entries(report.ledgerProblems)) {
        expect(rows, problem).toEqual([]);
      }
      const restored = connectDatabase(report.node.url('karta'), 1, () => undefined);
      try {
        const keys = async (outcomes: typeof before) =>
          (
            await restored.pool.query<{ n: number }>(
              'select count(*)::int as n from withdrawals where idempotency_key = any($1)',
              [outcomes.map((o) => o.key)],
            )
          ).rows[0]?.n;
        expect(await keys(before)).toBe(before.length);
        expect(await keys(after)).toBe(0);
      } finally {
        await restored.close();
      }
      // The provider paid the later withdrawals; the restored copy has none of them: listed.
      const references = (
        await database.pool.query<{ reference: string }>(
          'select reference from withdrawals where idempotency_key = any($1)',
          [after.map((o) => o.key)],
        )
      ).rows.map((row) => row.reference);
      expect(references).toHaveLength(after.length);
      expect(report.providerAhead.exitCode, report.providerAhead.output).toBe(3);
      for (const reference of references) expect(report.providerAhead.output).toContain(reference);
      for (const outcome of before) {
        expect(report.providerAhead.output).not.toContain(outcome.withdrawalId ?? 'none');
      }
    } finally {
      await report.node.stop();
    }
  }, 300_000);
});
