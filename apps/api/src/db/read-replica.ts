import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { connectDatabase, type Database, type DatabaseHandle } from './client';

/**
 * Where the console's stale-tolerant reads go (decision 068): the books, the audit trail and the
 * rate-sheet export may be served by a streaming replica (`DATABASE_READ_URL`) while it is known
 * to hold everything the primary held `maxLagMs` ago, and by the primary otherwise. A replica
 * that lags, cannot be reached or fails a read costs that read a second try on the primary,
 * never an error.
 */
export interface StaleReads {
  /** Runs `read` on the replica when it is fresh enough, else (or when it fails there) on the primary. */
  read<T>(read: (db: Database) => Promise<T>): Promise<T>;
  /**
   * How far behind the primary the replica may be now, in seconds; undefined when no replica is
   * configured, it cannot be reached, or it has not caught up once since it could.
   */
  lagSeconds(): number | undefined;
  /** Starts measuring (the app's onReady); until then every read goes to the primary. */
  start(): void;
  close(): Promise<void>;
}

/** No replica: every read on the primary. */
export const primaryOnly = (primary: Database): StaleReads => ({
  read: (read) => read(primary),
  lagSeconds: () => undefined,
  start: () => undefined,
  close: () => Promise.resolve(),
});

/** What a read that tolerates staleness needs: the primary, and the replica when the app has one. */
export interface StaleReadContext {
  db: Database;
  staleReads?: StaleReads;
}

/**
 * The one way a service makes a stale-tolerant read: `read` gets the database to use. Every
 * query of one answer goes inside one call, so they all see the same server.
 */
export const readStaleTolerant = <T>(
  ctx: StaleReadContext,
  read: (db: Database) => Promise<T>,
): Promise<T> => (ctx.staleReads ?? primaryOnly(ctx.db)).read(read);

/** An LSN ("16/B374D848") as a number, to compare two. */
const lsnOf = (text: string): bigint => {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
};

/** A moment on the primary: its WAL position then, and when (performance.now()) we asked. */
interface Sample {
  at: number;
  lsn: bigint;
}

/** How many unconfirmed samples are kept: a replica further behind is simply behind. */
const MAX_SAMPLES = 64;
/** Each measuring query waits no longer than this, and a replica connection no longer either. */
const PROBE_TIMEOUT_MS = 1_000;
/** The replica's own pool: the reports are few, and a busy replica should not take more. */
const REPLICA_POOL_SIZE = 4;

interface ReplicaOptions {
  primary: Database;
  url: string;
  maxLagMs: number;
  /** A measurement or a read the replica failed; the caller logs it (once per burst). */
  onReplicaError: (error: unknown) => void;
}

/**
 * The replica's staleness, measured as a bound rather than from replay timestamps: an idle
 * primary writes nothing, so `now() - pg_last_xact_replay_timestamp()` would call a replica that
 * is fully caught up "minutes behind". Every tick asks the primary for its WAL position at time
 * t, then the replica for the position it has replayed; once that reaches the primary's, the
 * replica holds every commit the primary had made by t (a committed transaction's record is
 * written before the commit returns), so it is at most `now - t` behind, for the latest such t.
 */
export function connectReadReplica(options: ReplicaOptions): StaleReads {
  const { primary, maxLagMs, onReplicaError } = options;
  const replica: DatabaseHandle = connectDatabase(
    options.url,
    REPLICA_POOL_SIZE,
    onReplicaError,
    PROBE_TIMEOUT_MS,
  );
  // Ticks often enough that an idle replica always looks fresh: twice within the bound.
  const tickMs = Math.min(500, Math.max(50, Math.floor(maxLagMs / 2)));
  let samples: Sample[] = [];
  /** When the newest sample the replica has replayed was taken; undefined: not known to hold any. */
  let caughtUpAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let measuring: Promise<void> | undefined;

  const ask = async (pool: pg.Pool, text: string) => {
    const result = await pool.query<{ lsn: string | null }>({
      text,
      query_timeout: PROBE_TIMEOUT_MS,
    } as pg.QueryConfig);
    const lsn = result.rows[0]?.lsn;
    return lsn ? lsnOf(lsn) : undefined;
  };

  async function measure() {
    const at = performance.now();
    // A primary in recovery (in the middle of a failover) fails here: no sample, and the
    // staleness keeps growing until the replica is out of use.
    try {
      const lsn = await ask(primary.$client, 'select pg_current_wal_lsn()::text as lsn');
      if (lsn !== undefined) samples = [...samples, { at, lsn }].slice(-MAX_SAMPLES);
    } catch {
      return;
    }
    let replayed: bigint | undefined;
    try {
      // A read URL that reaches a primary (after a switchover) holds what that server wrote.
      replayed = await ask(
        replica.pool,
        `select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn()
                      else pg_current_wal_lsn() end)::text as lsn`,
      );
    } catch (error) {
      caughtUpAt = undefined;
      onReplicaError(error);
      return;
    }
    if (replayed === undefined) return;
    const held = samples.filter((sample) => sample.lsn <= replayed);
    const newest = held.at(-1);
    if (newest) caughtUpAt = Math.max(caughtUpAt ?? newest.at, newest.at);
    samples = samples.filter((sample) => sample.lsn > replayed);
  }

  const staleMs = () => (caughtUpAt === undefined ? undefined : performance.now() - caughtUpAt);

  return {
    async read(read) {
      const stale = staleMs();
      if (stale === undefined || stale > maxLagMs) return read(primary);
      try {
        return await read(replica.db);
      } catch (error) {
        // Whatever the replica could not answer (it went away, a recovery conflict cancelled the
        // query), the primary is asked; until the next tick confirms it, the replica is out.
        caughtUpAt = undefined;
        onReplicaError(error);
        return read(primary);
      }
    },
    lagSeconds() {
      const stale = staleMs();
      return stale === undefined ? undefined : stale / 1000;
    },
    start() {
      if (timer) return;
      const tick = () => {
        measuring ??= measure().finally(() => {
          measuring = undefined;
        });
      };
      tick();
      timer = setInterval(tick, tickMs);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await measuring;
      await replica.close();
    },
  };
}
