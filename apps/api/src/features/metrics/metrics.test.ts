import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../../adapters/jobs/jobs';
import { signedInUser, type Session } from '../../../test/accounts';
import { signedInOperator } from '../../../test/catalog';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { openJobInspector } from '../../../test/job-queue';
import { submitTrade, tradableSubcategory } from '../../../test/trades';
import { bankId, sellerWithdrawing } from '../../../test/withdrawals';
import { listenForMetrics, type MetricsServer } from './metrics-server';

let t: TestApp;
let metrics: MetricsServer;
let operator: Session;
beforeAll(async () => {
  t = await createTestApp();
  metrics = await listenForMetrics(t.app.metrics, { host: '127.0.0.1', port: 0 });
  operator = await signedInOperator(t.app, t.db);
});
afterAll(async () => {
  await metrics.close();
  await t.close();
});

const scrape = () => fetch(`http://127.0.0.1:${metrics.port}/metrics`);

/** One sample's value from the Prometheus text, e.g. `karta_withdrawals{state="pending"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrapedSample(series: string): Promise<number | undefined> {
  return sample(await (await scrape()).text(), series);
}

describe('GET /metrics on the metrics port', () => {
  it('answers Prometheus text with Node’s own metrics and the pool', async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(sample(text, 'db_pool_clients')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_idle_clients')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
  });

  it('counts requests by the route’s template, never the id in the URL', async () => {
    const seller = await signedInUser(t.app);
    const series = `http_requests_total{method="GET",route="/api/v1/trade/fetch_trade/:user_id",status="200"}`;
    const before = (await scrapedSample(series)) ?? 0;
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/trade/fetch_trade/${seller.user.id}`,
        headers: { authorization: seller.token },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const text = await (await scrape()).text();
    expect(sample(text, series)).toBe(before + 2);
    expect(text).not.toContain(seller.user.id);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/trade\/fetch_trade\/:user_id",status="200"\} \d+/m,
    );
  });

  it('gives every unmatched path one label', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/no/such/8031234567' });
    const text = await (await scrape()).text();
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    expect(text).not.toContain('8031234567');
  });

  it('shows pending trades and the oldest one’s age, from trades made through the API', async () => {
    const before = (await scrapedSample('karta_pending_trades')) ?? -1;
    const seller = await signedInUser(t.app);
    const { subcategory } = await tradableSubcategory(t.db);
    await submitTrade(t.app, seller, subcategory.id, 20);
    await submitTrade(t.app, seller, subcategory.id, 30);
    t.clock.advance(90);
    const text = await (await scrape()).text();
    expect(sample(text, 'karta_pending_trades')).toBe(before + 2);
    expect(sample(text, 'karta_oldest_pending_trade_age_seconds')).toBeGreaterThanOrEqual(90);
  });

  it('shows withdrawals by state, and the payout job in the outbox, then in its queue', async () => {
    const pending = 'karta_withdrawals{state="pending"}';
    const inOutbox = 'job_outbox_depth{queue="payout"}';
    const waitingJobs = 'job_queue_depth{queue="payout",state="waiting"}';
    const inspector = await openJobInspector(t.db);
    try {
      await inspector.recount(QUEUES.payout);
      const before = await (await scrape()).text();
      expect(sample(before, 'karta_withdrawals{state="successful"}')).toBe(0);
      const bank = await bankId(t.app, await signedInUser(t.app));
      await sellerWithdrawing(t.app, t.db, { operator, bankId: bank });
      const written = await (await scrape()).text();
      expect(sample(written, pending)).toBe((sample(before, pending) ?? -1) + 1);
      // No worker runs in tests: the payout job waits in the outbox, and its age is counted.
      expect(sample(written, inOutbox)).toBe((sample(before, inOutbox) ?? -1) + 1);
      expect(sample(written, 'job_outbox_oldest_age_seconds{queue="payout"}')).toBeGreaterThan(0);
      expect(sample(written, waitingJobs)).toBe(sample(before, waitingJobs));

      // The relay moves it into pg-boss, whose next count shows it waiting there.
      expect(await t.app.ctx.jobs.relayOutbox()).toBe(1);
      await inspector.recount(QUEUES.payout);
      const queued = await (await scrape()).text();
      expect(sample(queued, inOutbox)).toBe(sample(before, inOutbox));
      expect(sample(queued, 'job_outbox_oldest_age_seconds{queue="payout"}')).toBe(0);
      expect(sample(queued, waitingJobs)).toBe((sample(before, waitingJobs) ?? -1) + 1);
      expect(sample(queued, 'job_queue_depth{queue="payout-webhook",state="waiting"}')).toBe(0);
    } finally {
      await inspector.close();
    }
  });

  it('reports the ledger check: balanced, and when it was checked', async () => {
    const text = await (await scrape()).text();
    expect(sample(text, 'karta_ledger_balanced')).toBe(1);
    const checkedAt = sample(text, 'karta_ledger_checked_timestamp_seconds') ?? 0;
    expect(Math.abs(checkedAt - Date.now() / 1000)).toBeLessThan(120);
  });

  it('answers anything but GET /metrics with 404', async () => {
    const response = await fetch(`http://127.0.0.1:${metrics.port}/api/v1/app/config`);
    expect(response.status).toBe(404);
  });
});

describe('a scrape-time read that does not answer', () => {
  it('leaves its metrics out, answers the rest in time, and says why in the log', async () => {
    const logsBefore = t.logs.length;
    // Someone holds the job outbox: the queue read waits for it until its timeout.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table job_outbox in access exclusive mode`);
      const started = performance.now();
      const response = await scrape();
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(text).not.toMatch(/^job_queue_depth\{/m);
      expect(text).not.toMatch(/^job_outbox_depth\{/m);
      expect(sample(text, 'karta_pending_trades')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_clients')).toBeGreaterThanOrEqual(1);
    });
    const warnings = t.logs
      .slice(logsBefore)
      .map((line) => JSON.parse(line) as { msg?: string; read?: string })
      .filter((line) => line.msg === 'metrics: a scrape-time read failed');
    expect(warnings.map((line) => line.read)).toEqual(['job queues']);
  });
});

describe('a read that fails', () => {
  it('leaves an unlabelled gauge out rather than showing 0', async () => {
    // The running totals are held: the pending-trade gauges have nothing true to say.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table overview_gauges in access exclusive mode`);
      const text = await (await scrape()).text();
      expect(text).not.toMatch(/^karta_pending_trades /m);
      expect(text).not.toMatch(/^karta_oldest_pending_trade_age_seconds /m);
      expect(sample(text, 'db_pool_clients')).toBeGreaterThanOrEqual(1);
    });
    expect(await scrapedSample('karta_pending_trades')).toBeGreaterThanOrEqual(0);
  });
});

describe('the public port', () => {
  it('has no /metrics', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).not.toContain('http_requests_total');
  });
});
