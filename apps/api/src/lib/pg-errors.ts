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
