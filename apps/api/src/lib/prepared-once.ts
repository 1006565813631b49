import type { Executor } from '../db/client';

/**
 * A statement prepared once per database (or transaction) instead of built on each call: PostgreSQL
 * plans it once per connection, and drizzle does not build its SQL again (issue 16: building
 * was a fifth to a quarter of a simple read's CPU).
 */
export function preparedOnce<T>(prepare: (tx: Executor) => T) {
  const prepared = new WeakMap<Executor, T>();
  return (tx: Executor): T => {
    let query = prepared.get(tx);
    if (!query) {
      query = prepare(tx);
      prepared.set(tx, query);
    }
    return query;
  };
}
