import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createPgBossQueue, QUEUES } from '../adapters/jobs/jobs';
import { API_ROOT } from '../config';
import { openJobInspector } from '../../test/job-queue';
import { databaseBefore } from '../../test/database-before';
import { applyMigrations } from './migrate';
import { jobOutbox } from './schema/job-outbox';

/**
 * Decision 056: pg-boss 12 cannot migrate the schema pg-boss 10 left (version 24). Migration
 * 0031 carries the jobs that had work left into the job outbox and drops that schema; pg-boss 12
 * installs itself at the next start and the relay queues them there. The database here is one
 * as production has it before the upgrade: every migration up to 0030, then pg-boss 10.4.2's
 * own schema (its construction SQL, kept in apps/api/test/fixtures) with jobs in every state.
 */
const MIGRATIONS = path.join(API_ROOT, 'drizzle');
const PG_BOSS_10_SCHEMA = path.join(API_ROOT, 'test/fixtures/pg-boss-10-schema.sql');
const LAST_BEFORE_THE_OUTBOX = '0030_';

const serverUrl = inject('pgServerUrl');
let database: Awaited<ReturnType<typeof databaseBefore>> | undefined;

afterAll(async () => {
  await database?.close();
});

describe('the upgrade from pg-boss 10', () => {
  it('carries its unfinished payout and webhook jobs into pg-boss 12, under their ids', async () => {
    database = await databaseBefore(serverUrl, LAST_BEFORE_THE_OUTBOX);
    const { db, pool } = database;

    await pool.query(readFileSync(PG_BOSS_10_SCHEMA, 'utf8'));
    for (const queue of ['payout', 'payout-webhook', 'payout-reconcile']) {
      await pool.query(`select pgboss.create_queue($1, '{"policy":"standard"}'::json)`, [queue]);
    }
    const withdrawal = randomUUID();
    const job = (queue: string, state: string, data: object, key: string | null = null) => ({
      id: randomUUID(),
      queue,
      state,
      data,
      key,
    });
    const left = [
      job('payout', 'created', { withdrawalId: withdrawal }, withdrawal),
      job('payout', 'retry', { withdrawalId: randomUUID() }),
      // Its worker was killed: the job would have been retried when its lease ran out.
      job('payout', 'active', { withdrawalId: randomUUID() }),
      job('payout-webhook', 'created', { webhookId: randomUUID() }),
    ];
    const finished = [
      job('payout', 'completed', { withdrawalId: randomUUID() }),
      job('payout-webhook', 'failed', { webhookId: randomUUID() }),
      // A cron run: its schedule makes a new one every minute.
      job('payout-reconcile', 'created', {}),
    ];
    for (const each of [...left, ...finished]) {
      await pool.query(
        `insert into pgboss.job (id, name, data, state, singleton_key)
         values ($1, $2, $3, $4, $5)`,
        [each.id, each.queue, each.data, each.state, each.key],
      );
    }

    await applyMigrations(db, MIGRATIONS);

    const outbox = await db.select().from(jobOutbox);
    expect(outbox.map((row) => [row.id, row.queue, row.data, row.singletonKey]).sort()).toEqual(
      left.map((each) => [each.id, each.queue, each.data, each.key]).sort(),
    );
    const oldSchema = await pool.query(`select to_regnamespace('pgboss') as found`);
    expect(oldSchema.rows[0]).toEqual({ found: null });

    // The next start: pg-boss 12 installs itself, and the relay queues what the outbox holds.
    const jobs = createPgBossQueue(db, { warn: () => undefined, error: () => undefined });
    try {
      await jobs.start();
      expect(await jobs.relayOutbox()).toBe(left.length);
      const queued = await openJobInspector(db);
      try {
        for (const each of left) {
          expect(await queued.job(each.queue, each.id), each.state).toMatchObject({
            state: 'created',
          });
        }
        expect(await queued.jobsWithKey(QUEUES.payout, withdrawal)).toHaveLength(1);
        for (const each of finished.filter((one) => one.queue !== 'payout-reconcile')) {
          expect(await queued.job(each.queue, each.id)).toBeUndefined();
        }
      } finally {
        await queued.close();
      }
    } finally {
      await jobs.stop();
    }
  });
});
