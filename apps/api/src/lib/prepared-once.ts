import type { Executor } from '../db/client';

/**
 * A statement prepared once per database handle (decision 047): drizzle builds its SQL once, and
 * node-postgres prepares it by name once per pooled connection, so PostgreSQL plans it once
 * there too. For statements run on the pool, outside a transaction: a transaction is a new
 * handle each time, so preparing on one saves nothing.
 */
export function preparedOnce<T>(prepare: (db: Executor) => T): (db: Executor) => T {
  const prepared = new WeakMap<Executor, T>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
