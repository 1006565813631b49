import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../db/client';
import { jobOutbox } from '../../db/schema/job-outbox';
import { openJobInspector } from '../../../test/job-queue';
import { createPgBossQueue, QUEUES } from './jobs';

const serverUrl = inject('pgServerUrl');
const name = `test_${randomUUID().replaceAll('-', '')}`;
const database = connectDatabase(`${serverUrl}/${name}`, 5, () => undefined);
const log = { warn: () => undefined, error: () => undefined };
const jobs = createPgBossQueue(database.db, log);

afterAll(async () => {
  await jobs.stop();
  await database.close();
});

const outboxIds = async () =>
  (await database.db.select({ id: jobOutbox.id }).from(jobOutbox)).map((row) => row.id).sort();

describe('the jobs queue', () => {
  it('starts again on next use after a start that failed (the database was away)', async () => {
    // The database does not exist yet: the first start fails, as it would during a restart.
    await expect(jobs.start()).rejects.toThrow();

    const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "karta_template"`);
    } finally {
      await admin.end();
    }

    await jobs.start();
    await jobs.send(QUEUES.payout, { withdrawalId: randomUUID() });
  });
});

describe('a job sent inside a transaction (decision 056)', () => {
  it('is an outbox row when the transaction commits, nothing when it rolls back', async () => {
    const kept = randomUUID();
    await database.db.transaction(async (tx) => {
      await jobs.send(QUEUES.webhook, { webhookId: kept }, { tx });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send(QUEUES.webhook, { webhookId: randomUUID() }, { tx });
        throw new Error('the business transaction fails');
      }),
    ).rejects.toThrow('the business transaction fails');

    const rows = await database.db.select().from(jobOutbox);
    expect(rows.map((row) => row.data)).toEqual([{ webhookId: kept }]);
    await database.db.delete(jobOutbox);
  });

  it('is moved into the queue by the relay, under its row’s id, and leaves the outbox', async () => {
    const withdrawalId = randomUUID();
    const [written] = await database.db
      .insert(jobOutbox)
      .values({ queue: QUEUES.payout, data: { withdrawalId }, singletonKey: withdrawalId })
      .returning();
    if (!written) throw new Error('no outbox row');

    expect(await jobs.relayOutbox()).toBe(1);
    expect(await outboxIds()).toEqual([]);
    const inspector = await openJobInspector(database.db);
    try {
      expect(await inspector.job(QUEUES.payout, written.id)).toMatchObject({ state: 'created' });
      expect(await inspector.jobsWithKey(QUEUES.payout, withdrawalId)).toHaveLength(1);
    } finally {
      await inspector.close();
    }
    expect(await jobs.relayOutbox()).toBe(0);
  });

  it('moves each row once when several relays run at once', async () => {
    const ids = (
      await database.db
        .insert(jobOutbox)
        .values(
          Array.from({ length: 60 }, () => ({
            queue: QUEUES.payout,
            data: { withdrawalId: randomUUID() },
          })),
        )
        .returning({ id: jobOutbox.id })
    ).map((row) => row.id);

    const moved = await Promise.all([jobs.relayOutbox(), jobs.relayOutbox(), jobs.relayOutbox()]);
    const left = await outboxIds();
    // A relay that found every row held by another moves none; the rest waits for the next pass.
    expect(moved.reduce((sum, each) => sum + each, 0) + left.length).toBe(60);
    while ((await jobs.relayOutbox()) > 0);
    expect(await outboxIds()).toEqual([]);

    const inspector = await openJobInspector(database.db);
    try {
      const found = await Promise.all(ids.map((id) => inspector.job(QUEUES.payout, id)));
      expect(found.filter((job) => job?.state !== 'created')).toEqual([]);
    } finally {
      await inspector.close();
    }
  });

  it('puts the rows back when the queue refuses them: never in neither place', async () => {
    // Only a row written around the port can name a queue that does not exist.
    await database.db.execute(
      sql`insert into job_outbox (queue, data) values ('no-such-queue', '{}'), ('payout', '{}')`,
    );
    await expect(jobs.relayOutbox()).rejects.toThrow();
    expect(await outboxIds()).toHaveLength(2);

    await database.db.execute(sql`delete from job_outbox where queue = 'no-such-queue'`);
    expect(await jobs.relayOutbox()).toBe(1);
    expect(await outboxIds()).toEqual([]);
  });
});
