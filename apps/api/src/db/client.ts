import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { oncePerBurst } from '../lib/once-per-burst';
import { describeDatabaseError } from '../lib/pg-errors';

/** `$client` is the pool it runs on (the /metrics scrape reads its counts). */
export type Database = NodePgDatabase & { $client: pg.Pool };
/** A repository call runs on the database or inside a caller's transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** One warning per burst, without the statement or its parameters. */
const warnOnConsole = oncePerBurst((error: Error, heldBack: number) => {
  const { errorCode, reason } = describeDatabaseError(error);
  const more = heldBack > 0 ? ` (${heldBack} more since the last warning)` : '';
  console.warn(`database connection lost [${errorCode ?? 'no code'}] ${reason}${more}`);
});

/**
 * The pool waits this long for a connection (a new one, or a free one when all are busy), then
 * fails the query as "database unavailable" (503) instead of holding the request for ever when
 * PostgreSQL is unreachable.
 */
const CONNECTION_TIMEOUT_MS = 10_000;

export function connectDatabase(
  connectionString: string,
  max = 10,
  onConnectionError: (error: Error) => void = warnOnConsole,
  connectionTimeoutMs = CONNECTION_TIMEOUT_MS,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectionTimeoutMs,
  });
  // A connection can die under us (restart, failover, shutdown: 57P01). pg-pool listens for that
  // on idle connections only; a checked-out one (in a transaction, between two statements)
  // emits 'error' with no listener, which Node turns into an uncaught exception that ends the
  // process. So every connection gets a listener for its whole life: its caller still learns of
  // the failure from its next statement ("not queryable"), and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  // pg-pool re-emits an idle connection's error here after dropping it; the connection's own
  // listener above has reported it already, but without a listener this emit would throw.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
