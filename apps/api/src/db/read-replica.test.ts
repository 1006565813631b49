import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, signedInUser, type Session } from '../../test/accounts';
import { signedInOperator } from '../../test/catalog';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { startReplicatedPostgres, type ReplicatedPostgres } from '../../test/streaming-replica';
import { submitTrade, tradableSubcategory } from '../../test/trades';
import { loadConfig } from '../config';
import { listenForMetrics, type MetricsServer } from '../features/metrics/metrics-server';

/** The bound the test app runs with: reads go to the primary once the replica is further behind. */
const MAX_LAG_MS = 3_000;

let server: ReplicatedPostgres;
let t: TestApp;
let database: string;
let metrics: MetricsServer;
let admin: Session;
let seller: Session;
let subcategory: Awaited<ReturnType<typeof tradableSubcategory>>['subcategory'];
let card: Awaited<ReturnType<typeof tradableSubcategory>>['card'];

beforeAll(async () => {
  server = await startReplicatedPostgres();
  t = await createTestApp({
    pgServerUrl: server.primaryUrl,
    readServerUrl: server.replicaUrl,
    env: { DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS) },
  });
  const named = await t.db.execute<{ name: string }>(sql`select current_database() as name`);
  database = named.rows[0]?.name ?? '';
  metrics = await listenForMetrics(t.app.metrics, { host: '127.0.0.1', port: 0 });
  admin = await signedInOperator(t.app, t.db, 'admin');
  seller = await signedInUser(t.app);
  ({ card, subcategory } = await tradableSubcategory(t.db));
}, 60_000);

afterAll(async () => {
  await metrics.close();
  await t.close();
  await server.stop();
});

async function scrapeText(at = metrics): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${at.port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

/** One sample's value, e.g. `karta_database_backup_age_seconds`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const replicaLag = async () => sample(await scrapeText(), 'karta_database_replica_lag_seconds');

/**
 * Until the replica has replayed all the primary wrote (asked of both servers, not of the app),
 * and then one measuring tick more, so the app knows it too.
 */
async function waitForCaughtUpReplica() {
  const [primary] = await server.onPrimary<{ lsn: string }>(
    database,
    'select pg_current_wal_lsn()::text as lsn',
  );
  await waitFor('the replica to catch up', async () => {
    const [replica] = await server.onReplica<{ done: boolean }>(
      database,
      `select pg_last_wal_replay_lsn() >= '${primary?.lsn ?? ''}'::pg_lsn as done`,
    );
    return replica?.done ? true : undefined;
  });
  await sleep(600);
}

const pauseReplay = () => server.onReplica(database, 'select pg_wal_replay_pause()');
const resumeReplay = () => server.onReplica(database, 'select pg_wal_replay_resume()');

async function setRate(rate: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalog/rates',
    headers: { authorization: admin.token },
    payload: { rates: [{ id: subcategory.id, rate }] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The rates the audit trail shows for the subcategory (newest first), as the console asks. */
async function auditedRates(): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/audit?target_type=gift_card_subcategory&target_id=${subcategory.id}`,
    headers: { authorization: admin.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  const entries = bodyOf<{ data: { after: { rate?: number } | null }[] }>(response).data.data;
  return entries.map((entry) => String(entry.after?.rate));
}

/** The rate-sheet export's line for the subcategory. */
async function exportedLine(): Promise<string | undefined> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/catalog/rates/export?card=${encodeURIComponent(card.name)}`,
    headers: { authorization: admin.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body.split('\n').find((line) => line.includes(card.name));
}

/** Today's trades submitted, as the books say. */
async function submittedToday(): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/reports/daily',
    headers: { authorization: admin.token },
  });
  expect(response.statusCode, response.body).toBe(200);
  const days = bodyOf<{ days: { trades_submitted: number }[] }>(response).data.days;
  return days.at(-1)?.trades_submitted ?? -1;
}

describe('stale-tolerant console reads with DATABASE_READ_URL', () => {
  // A test that stops half way must not leave the next one a paused replica (stopped is final).
  afterEach(() => resumeReplay().catch(() => undefined));

  it('serves the audit trail, the books and the rate-sheet export from the replica while it is fresh', async () => {
    await waitForCaughtUpReplica();
    const [ratesBefore, submittedBefore] = [await auditedRates(), await submittedToday()];
    await pauseReplay();
    await setRate('1190');
    await submitTrade(t.app, seller, subcategory.id);
    // The primary has all of it; the paused replica none, and it is what answers.
    expect(await auditedRates()).toEqual(ratesBefore);
    expect(await exportedLine()).toContain('1180.00');
    expect(await submittedToday()).toBe(submittedBefore);
    // Once it replays again, the same reads show what the primary wrote.
    await resumeReplay();
    await waitFor('the replica to replay the change', async () =>
      (await auditedRates())[0] === '1190' ? true : undefined,
    );
    expect(await exportedLine()).toContain('1190.00');
    expect(await submittedToday()).toBe(submittedBefore + 1);
  });

  it('falls back to the primary once the paused replica is further behind than DATABASE_READ_MAX_LAG_MS', async () => {
    await waitForCaughtUpReplica();
    await pauseReplay();
    const pausedAt = Date.now();
    await setRate('1200');
    expect((await auditedRates())[0]).toBe('1190');
    const fresh = await waitFor('the read to reach the primary', async () =>
      (await auditedRates())[0] === '1200' ? Date.now() : undefined,
    );
    // Not before the bound (less one measuring tick), and with the replica still paused.
    expect(fresh - pausedAt).toBeGreaterThanOrEqual(MAX_LAG_MS - 600);
    const onReplica = await server.onReplica<{ paused: boolean; n: number }>(
      database,
      `select pg_is_wal_replay_paused() as paused,
              (select count(*)::int from audit_log where target_id = '${subcategory.id}'
                  and after->>'rate' = '1200') as n`,
    );
    expect(onReplica[0]).toEqual({ paused: true, n: 0 });
    expect(await exportedLine()).toContain('1200.00');
    expect(await replicaLag()).toBeGreaterThan(MAX_LAG_MS / 1000);
  });

  it('shows the replica’s lag, the primary, WAL archiving and the newest backup’s age on /metrics', async () => {
    // An idle replica is not lagging: the primary writes nothing, and the lag stays small.
    await waitForCaughtUpReplica();
    expect(await replicaLag()).toBeLessThan(1);
    for (let i = 0; i < 4; i += 1) {
      await sleep(400);
      expect(await replicaLag()).toBeLessThan(1);
    }
    let text = await scrapeText();
    expect(
      sample(text, `karta_database_primary_info{server="127.0.0.1:${server.primaryPort}"}`),
    ).toBe(1);
    expect(sample(text, 'karta_database_backup_age_seconds')).toBeUndefined();

    // A WAL segment archived: its age appears, and no failure.
    await setRate('1210');
    await server.onPrimary(database, 'select pg_switch_wal()');
    const archivedAge = await waitFor('a WAL segment archived', async () =>
      sample(await scrapeText(), 'karta_wal_archive_last_success_age_seconds'),
    );
    expect(archivedAge).toBeGreaterThanOrEqual(0);
    expect(archivedAge).toBeLessThan(60);
    expect(sample(await scrapeText(), 'karta_wal_archive_failed_total')).toBe(0);

    // An archive command that fails is counted.
    await server.onPrimary(database, `alter system set archive_command = 'false'`);
    await server.onPrimary(database, 'select pg_reload_conf()');
    await setRate('1220');
    await server.onPrimary(database, 'select pg_switch_wal()');
    await waitFor('a failed archive', async () => {
      const failed = sample(await scrapeText(), 'karta_wal_archive_failed_total');
      return failed !== undefined && failed >= 1 ? failed : undefined;
    });

    // The backup command's row: the newest finished backup's age, on the database's clock.
    await t.db.execute(sql`
      insert into database_backups (label, kind, started_at, finished_at) values
        ('20261127-021500F', 'full', now() - interval '26 hours', now() - interval '25 hours'),
        ('20261128-021500I', 'incr', now() - interval '2 hours 5 minutes', now() - interval '2 hours')`);
    text = await scrapeText();
    const backupAge = sample(text, 'karta_database_backup_age_seconds') ?? 0;
    expect(backupAge).toBeGreaterThanOrEqual(7200);
    expect(backupAge).toBeLessThan(7260);
  });

  it('answers from the primary, 200, when the replica is stopped; the lag leaves /metrics', async () => {
    await waitForCaughtUpReplica();
    await pauseReplay();
    await setRate('1230');
    expect((await auditedRates())[0]).toBe('1220');
    await server.stopReplica();
    expect((await auditedRates())[0]).toBe('1230');
    expect(await exportedLine()).toContain('1230.00');
    expect(await submittedToday()).toBeGreaterThanOrEqual(1);
    await waitFor('the lag to leave /metrics', async () =>
      (await replicaLag()) === undefined ? true : undefined,
    );
    const text = await scrapeText();
    expect(
      sample(text, `karta_database_primary_info{server="127.0.0.1:${server.primaryPort}"}`),
    ).toBe(1);
    expect(sample(text, 'karta_database_backup_age_seconds')).toBeGreaterThan(0);
  });
});

describe('without DATABASE_READ_URL', () => {
  it('has no lag series, and no archive series while archive_mode is off', async () => {
    const plain = await createTestApp();
    const own = await listenForMetrics(plain.app.metrics, { host: '127.0.0.1', port: 0 });
    try {
      const text = await scrapeText(own);
      expect(text).not.toMatch(/^karta_database_replica_lag_seconds /m);
      expect(text).not.toMatch(/^karta_wal_archive_failed_total /m);
      expect(text).not.toMatch(/^karta_wal_archive_last_success_age_seconds /m);
      expect(text).not.toMatch(/^karta_database_backup_age_seconds /m);
      // The run's PostgreSQL is reached over its Unix socket.
      expect(text).toMatch(/^karta_database_primary_info\{server="local:\d+"\} 1$/m);
    } finally {
      await own.close();
      await plain.close();
    }
  });

  it('refuses DATABASE_READ_URL without DATABASE_URL', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATABASE_READ_URL: 'postgres://u:p@127.0.0.1:5434/karta' }),
    ).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
  });
});
