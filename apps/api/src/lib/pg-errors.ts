/** SQLSTATE codes we act on. */
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

/**
 * PostgreSQL's code and constraint name of a failed query. Drizzle wraps pg's error and keeps
 * it as `cause`; a raw pg error carries them itself.
 */
interface PgDetails {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgDetails(error: unknown): PgDetails {
  if (typeof error !== 'object' || error === null) return {};
  const outer: PgDetails = error;
  return typeof outer.cause === 'object' && outer.cause !== null ? outer.cause : outer;
}

/** A unique index refused the row; with `constraint`, only that index counts. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = pgDetails(error);
  return code === UNIQUE_VIOLATION && (constraint === undefined || name === constraint);
}

export function isCheckViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: name } = pgDetails(error);
  return code === CHECK_VIOLATION && name === constraint;
}

/** The constraint a unique violation names, so a caller can tell which field was taken. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const { code, constraint } = pgDetails(error);
  return code === UNIQUE_VIOLATION ? constraint : undefined;
}

/**
 * SQLSTATEs that mean "no database to talk to right now", not "this query is wrong": class 08
 * (connection exception), 57P01–57P03 (admin or crash shutdown, cannot connect now: a restart
 * in progress), 53300 (too many connections) and 25006 (a write on a read-only server: in a
 * failover the write port can reach the promoted node a moment before its promotion completes,
 * decision 067; a write the app sends is never read-only by mistake).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|25006)$/;
/** Node's socket errors when PostgreSQL is down, restarting or unreachable. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * A Unix socket's connect fails with ENOENT while PostgreSQL is down (its socket file is gone):
 * unavailable only when connecting, since ENOENT elsewhere is a missing file, not an outage.
 */
const UNAVAILABLE_CONNECT_CODES = new Set(['ENOENT', 'ECONNREFUSED', 'EAGAIN']);
/**
 * pg's own words (it sets no code) for a connection that died under a client or a query, and
 * pg-pool's for a connection it could not get within its connection timeout.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** The error and every error it wraps: drizzle's `cause`, an AggregateError's `errors`. */
function* errorChain(
  error: unknown,
  depth = 0,
): Generator<{ code?: unknown; message?: unknown; syscall?: unknown }> {
  if (typeof error !== 'object' || error === null || depth > 5) return;
  const item = error as {
    code?: unknown;
    message?: unknown;
    syscall?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  yield item;
  if (Array.isArray(item.errors)) {
    for (const inner of item.errors) yield* errorChain(inner, depth + 1);
  }
  yield* errorChain(item.cause, depth + 1);
}

/**
 * The database is away (restarting, down, out of connections), as opposed to a query that
 * failed: the caller answers 503 and tries again later, and nothing about the request is wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message, syscall } of errorChain(error)) {
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
      if (syscall === 'connect' && UNAVAILABLE_CONNECT_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * A one-line account of an error `isDatabaseUnavailable` recognised: the innermost code
 * (PostgreSQL's or Node's) and message, which for these are pg's and Node's fixed words, never
 * drizzle's wrapper (its message carries the statement's parameters). The field is `errorCode`:
 * the logger redacts any field named `code` (one-time codes).
 */
export function describeDatabaseError(error: unknown): {
  errorCode: string | undefined;
  reason: string;
} {
  let errorCode: string | undefined;
  let reason = 'unknown error';
  for (const item of errorChain(error)) {
    if (typeof item.code === 'string') errorCode = item.code;
    if (typeof item.message === 'string' && !item.message.startsWith('Failed query')) {
      reason = item.message.slice(0, 200);
    }
  }
  return { errorCode, reason };
}
