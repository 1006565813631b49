import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../db/client';
import { createPgBossQueue, QUEUES } from './jobs';

const serverUrl = inject('pgServerUrl');
const name = `test_${randomUUID().replaceAll('-', '')}`;
const database = connectDatabase(`${serverUrl}/${name}`, 3, () => undefined);
const log = { warn: () => undefined, error: () => undefined };
const jobs = createPgBossQueue(database.db, log);

afterAll(async () => {
  await jobs.stop();
  await database.close();
});

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
