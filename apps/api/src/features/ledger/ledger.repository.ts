import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { LedgerAccountKind, LedgerTransactionKind } from '../../db/schema/ledger';

export type UserAccountKind = Extract<LedgerAccountKind, `user_${string}`>;
export type PlatformAccountKind = Exclude<LedgerAccountKind, UserAccountKind>;

/**
 * Opens a user's wallet and withdrawal-hold accounts (each with its balance row) unless they
 * exist, and locks both balances in id order, in one round trip (`ledger_lock_user_balances`,
 * migration 0029). A second caller opening them waits on the unique index, then does nothing.
 */
export async function lockUserBalances(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select ledger_lock_user_balances(${userId}::uuid)`);
}

/** One posting for `postMovementsAtOnce`: its movement's index (from 1), account and kobo. */
export interface PostingLeg {
  movement: number;
  /** Null for a platform account. */
  owner: string | null;
  kind: LedgerAccountKind;
  amount: bigint;
}

interface AppliedLegRow extends Record<string, unknown> {
  movement_no: number;
  owner: string | null;
  account_kind: LedgerAccountKind;
  /** Null for a platform account: its posting is applied as the transaction commits. */
  balance: string | null;
}

/**
 * Records the movements (each once, by its key) and applies their postings in one round trip
 * (`ledger_post_movements`, migration 0029): the users' accounts opened and their balances
 * locked in id order, their postings applied; the platform's postings are applied as the
 * transaction commits (decision 048). One row per posting, with the balance a user's posting
 * left behind (null for the platform's); none for a movement whose key was used before.
 */
export async function postMovementsAtOnce(
  tx: Executor,
  options: {
    movements: {
      idempotencyKey: string;
      kind: LedgerTransactionKind;
      description: string;
      reference: string | null;
    }[];
    legs: PostingLeg[];
    at: Date;
  },
): Promise<
  { movement: number; owner: string | null; kind: LedgerAccountKind; balance: bigint | null }[]
> {
  const { movements, legs } = options;
  const result = await tx.execute<AppliedLegRow>(sql`
    select movement_no, owner, account_kind, balance::text from ledger_post_movements(
      ${sql.param(movements.map((m) => m.idempotencyKey))}::text[],
      ${sql.param(movements.map((m) => m.kind))}::ledger_transaction_kind[],
      ${sql.param(movements.map((m) => m.description))}::text[],
      ${sql.param(movements.map((m) => m.reference))}::text[],
      ${options.at},
      ${sql.param(legs.map((l) => l.movement))}::integer[],
      ${sql.param(legs.map((l) => l.owner))}::uuid[],
      ${sql.param(legs.map((l) => l.kind))}::ledger_account_kind[],
      ${sql.param(legs.map((l) => String(l.amount)))}::bigint[])`);
  return result.rows.map((row) => ({
    movement: row.movement_no,
    owner: row.owner,
    kind: row.account_kind,
    balance: row.balance === null ? null : BigInt(row.balance),
  }));
}

export async function findUserBalances(
  tx: Executor,
  userId: string,
): Promise<Partial<Record<UserAccountKind, bigint>>> {
  const result = await tx.execute<{ kind: UserAccountKind; available: string }>(sql`
    select a.kind, b.available from ledger_accounts a
      join ledger_balances b on b.account_id = a.id
     where a.user_id = ${userId}`);
  return Object.fromEntries(result.rows.map((row) => [row.kind, BigInt(row.available)]));
}

export interface StatementRow extends Record<string, unknown> {
  id: string;
  amount: string;
  balance_after: string;
  created_at: Date;
  kind: LedgerTransactionKind;
  description: string;
  reference: string | null;
}

/** The wallet's postings, newest first, read off the (account, id) index. */
export async function listWalletPostings(
  tx: Executor,
  options: { userId: string; limit: number; offset: number },
): Promise<{ rows: StatementRow[]; total: number }> {
  const wallet = sql`(select id from ledger_accounts where user_id = ${options.userId} and kind = 'user_wallet')`;
  const [page, count] = await Promise.all([
    tx.execute<StatementRow>(sql`
      select p.id::text, p.amount::text, p.balance_after::text, p.created_at, t.kind, t.description, t.reference
        from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
       where p.account_id = ${wallet}
       order by p.id desc
       limit ${options.limit} offset ${options.offset}`),
    tx.execute<{ total: number }>(sql`
      select count(*)::int as total from ledger_postings where account_id = ${wallet}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

export interface MovementPostingRow extends Record<string, unknown> {
  transaction_id: string;
  kind: LedgerTransactionKind;
  description: string;
  created_at: Date;
  account_kind: LedgerAccountKind;
  amount: string;
}

/** The postings of the movements with these idempotency keys (read off their unique index). */
export async function findMovementPostings(
  tx: Executor,
  idempotencyKeys: string[],
): Promise<MovementPostingRow[]> {
  const result = await tx.execute<MovementPostingRow>(sql`
    select t.id as transaction_id, t.kind, t.description, t.created_at, a.kind as account_kind,
           p.amount::text
      from ledger_transactions t
      join ledger_postings p on p.transaction_id = t.id
      join ledger_accounts a on a.id = p.account_id
     where t.idempotency_key = any(${sql.param(idempotencyKeys)}::text[])
     order by t.created_at, t.id, p.id`);
  return result.rows;
}

export interface PeriodPostingRow extends Record<string, unknown> {
  id: string;
  amount: string;
  created_at: Date;
  description: string;
  reference: string | null;
}

/**
 * A user's wallet over [from, to): what its postings summed to before `from`, what the hold
 * summed to before `to`, and the postings in between in the order they moved the balance.
 * Read off the (account, id) index: a seller's postings, not the whole table.
 */
export async function findWalletPeriod(
  tx: Executor,
  options: { userId: string; from: Date; to: Date },
): Promise<{ walletBefore: bigint; holdBeforeEnd: bigint; rows: PeriodPostingRow[] }> {
  const sums = await tx.execute<{ kind: UserAccountKind; before_from: string; before_to: string }>(
    sql`
    select a.kind,
           coalesce(sum(p.amount) filter (where p.created_at < ${options.from}), 0)::text as before_from,
           coalesce(sum(p.amount) filter (where p.created_at < ${options.to}), 0)::text as before_to
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id
     where a.user_id = ${options.userId}
     group by a.kind`,
  );
  const rows = await tx.execute<PeriodPostingRow>(sql`
    select p.id::text, p.amount::text, p.created_at, t.description, t.reference
      from ledger_postings p join ledger_transactions t on t.id = p.transaction_id
     where p.account_id = (select id from ledger_accounts where user_id = ${options.userId} and kind = 'user_wallet')
       and p.created_at >= ${options.from} and p.created_at < ${options.to}
     order by p.id`);
  const sumOf = (kind: UserAccountKind, column: 'before_from' | 'before_to') =>
    BigInt(sums.rows.find((row) => row.kind === kind)?.[column] ?? '0');
  return {
    walletBefore: sumOf('user_wallet', 'before_from'),
    holdBeforeEnd: sumOf('user_withdrawal_hold', 'before_to'),
    rows: rows.rows,
  };
}
