import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { users } from '../db/schema/users';
import { preparedOnce } from './prepared-once';

/**
 * The reads of a user row that several features need (sessions to know who holds a token, codes
 * to queue a user's sends, withdrawals to mail the owner). They live below the features so that
 * none of them reaches into accounts' repository, and accounts can use sessions and codes
 * without a cycle. Writes to a user stay with accounts (its services).
 */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * The hottest query of the API, run by every signed-in request: prepared once per database so
 * PostgreSQL plans it once and drizzle does not rebuild its SQL each time.
 */
const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareUserLookup>>();
const prepareUserLookup = (db: Database) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_user_by_id');

export async function findUserByIdPrepared(db: Database, id: string): Promise<UserRow | undefined> {
  let lookup = preparedLookups.get(db);
  if (!lookup) {
    lookup = prepareUserLookup(db);
    preparedLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id });
  return row;
}

/** Every sign-in's lookup, prepared as the lookup by id is (decision 047). */
const emailLookup = preparedOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('email')))
    .prepare('find_user_by_email'),
);

export async function findUserByEmailPrepared(
  db: Database,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await emailLookup(db).execute({ email: email.toLowerCase() });
  return row;
}

export async function findUserByEmail(tx: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/**
 * Serialises the changes to one account (its PIN, codes, saved accounts, automatic withdrawal,
 * roles). FOR NO KEY UPDATE, not FOR UPDATE: the row's key never changes, and FOR UPDATE would
 * also hold back every insert that merely points at the account (a notice, a ledger account, a
 * referral reward's rows). An approval that pays a referrer then waited on the referrer's own
 * approval, which waited on the running totals the first one held: deadlocks at 16 operators.
 */
export async function lockUser(tx: Executor, id: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');
}

/** `lockUser` and `findUserById` in one round trip: the row as it stands once locked. */
export async function lockAndFindUser(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}
