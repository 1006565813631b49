import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './create-test-app';
import { watchWrites, type WriteWatch } from './write-watch';

/**
 * The route fuzzer's proof that a refused request changed nothing rests on this watch: every
 * kind of committed write must show, and only what a test allows may pass unseen.
 */
const t = await createTestApp();
afterAll(() => t.close());

let writes: WriteWatch;
beforeAll(async () => {
  await t.db.execute(sql`
    create table watch_probe (id int primary key, note text, seen_count int not null default 0);
    create table watch_ignored (id int primary key);
    insert into watch_probe (id, note) values (1, 'kept');
  `);
  writes = await watchWrites(t.db, { watch_ignored: true, watch_probe: ['seen_count'] });
});

async function writesOf(statement: ReturnType<typeof sql>) {
  await writes.reset();
  await t.db.execute(statement);
  return writes.take();
}

describe('watchWrites', () => {
  it('sees an insert, a real update, a delete and a truncate, on any table of the schema', async () => {
    expect(await writesOf(sql`insert into watch_probe (id, note) values (2, 'new')`)).toEqual([
      { table: 'watch_probe', operation: 'INSERT' },
    ]);
    expect(await writesOf(sql`update watch_probe set note = 'changed' where id = 2`)).toEqual([
      { table: 'watch_probe', operation: 'UPDATE' },
    ]);
    expect(await writesOf(sql`delete from watch_probe where id = 2`)).toEqual([
      { table: 'watch_probe', operation: 'DELETE' },
    ]);
    // A table of the app's own schema, not only the test's.
    expect(await writesOf(sql`truncate rate_counters`)).toEqual([
      { table: 'rate_counters', operation: 'TRUNCATE' },
    ]);
  });

  it('passes what is allowed: an excluded table, an allowed column, an update that changes nothing', async () => {
    expect(await writesOf(sql`insert into watch_ignored values (1)`)).toEqual([]);
    expect(await writesOf(sql`update watch_probe set seen_count = seen_count + 1`)).toEqual([]);
    expect(await writesOf(sql`update watch_probe set note = note`)).toEqual([]);
    // The allowed column beside one that is not: seen.
    expect(await writesOf(sql`update watch_probe set seen_count = 9, note = 'x'`)).toHaveLength(1);
  });

  it('forgets on reset and on take, and sees nothing of a rolled-back write', async () => {
    await t.db.execute(sql`insert into watch_probe (id) values (3)`);
    await writes.reset();
    expect(await writes.take()).toEqual([]);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into watch_probe (id) values (4)`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await writes.take()).toEqual([]);
    await t.db.execute(sql`delete from watch_probe where id = 3`);
    expect(await writes.take()).toHaveLength(1);
    expect(await writes.take()).toEqual([]);
  });
});
