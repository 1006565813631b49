import { maskEmailsIn } from './mask-email';

/**
 * How an error appears in a log line (pino's `err` serializer, set in app.ts). Only fields known
 * to be free of user data are kept, because errors carry it in many places: drizzle's
 * DrizzleQueryError puts the statement's parameters (e-mails, password hashes, phone numbers,
 * dates of birth) in its message, its stack and its `params`; PostgreSQL's `detail` names the
 * values ("Key (email)=(ada@example.com) already exists", "Failing row contains (…)"), as can
 * `where`, `internalQuery` and some messages ('invalid input syntax for type uuid: "…"').
 */

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  /** The statement's shape, with $1, $2… where the values were. */
  query?: string;
  cause?: LoggedError;
  aggregateErrors?: LoggedError[];
  [field: string]: unknown;
}

/** Fields that hold codes, names and numbers, never a value someone typed. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'retryAfterSeconds',
] as const;
const MAX_DEPTH = 5;
const REDACTED = '[redacted]';

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  cause?: unknown;
  errors?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  [field: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

/** drizzle's wrapper: "Failed query: <sql>\nparams: <values>", with `query` and `params`. */
const isFailedQuery = (error: ErrorLike): error is ErrorLike & { query: string } =>
  typeof error.query === 'string' && 'params' in error;

/** PostgreSQL's own error (pg's DatabaseError): a severity and a five-character SQLSTATE. */
const isPostgresError = (error: ErrorLike) =>
  typeof error.severity === 'string' && typeof error.code === 'string' && error.code.length === 5;

/** A quoted value after ": " or "value " in PostgreSQL's words; quoted names stay. */
const QUOTED_VALUE = /(: |value )"(?:[^"]|"")*"/g;

/** An SMTP server's refusal, say, quotes the recipient: addresses are masked in any message. */
function safeMessage(error: ErrorLike): string {
  if (isFailedQuery(error)) return `Failed query: ${error.query}`;
  if (isPostgresError(error)) return error.message.replace(QUOTED_VALUE, `$1"${REDACTED}"`);
  return maskEmailsIn(error.message);
}

/** The stack's frames under a header rebuilt from the safe message (V8 repeats the message). */
function safeStack(error: ErrorLike, type: string, message: string): string {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

function typeOf(error: ErrorLike): string {
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof constructorName === 'string' && constructorName !== 'Object') return constructorName;
  return typeof error.name === 'string' ? error.name : 'Error';
}

function serialize(error: ErrorLike, seen: Set<unknown>, depth: number): LoggedError {
  seen.add(error);
  const type = typeOf(error);
  const message = safeMessage(error);
  const logged: LoggedError = { type, message, stack: safeStack(error, type, message) };
  if (isFailedQuery(error)) logged.query = error.query;
  for (const field of SAFE_FIELDS) {
    const value = error[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  const nested = (inner: unknown) =>
    isErrorLike(inner) && !seen.has(inner) && depth < MAX_DEPTH
      ? serialize(inner, seen, depth + 1)
      : undefined;
  const cause = nested(error.cause);
  if (cause) logged.cause = cause;
  if (Array.isArray(error.errors)) {
    // An AggregateError's errors (a connection tried on several addresses). Other `errors`
    // arrays (an AppError's field messages) add nothing a 5xx needs and are left out.
    const inner = error.errors.map(nested).filter((item) => item !== undefined);
    if (inner.length > 0) logged.aggregateErrors = inner;
  }
  return logged;
}

/** pino's `err` serializer. Something thrown that is not an error is named, not printed. */
export function serializeError(error: unknown): LoggedError {
  if (isErrorLike(error)) return serialize(error, new Set(), 0);
  return { type: typeof error, message: 'a value that is not an Error was thrown', stack: '' };
}
