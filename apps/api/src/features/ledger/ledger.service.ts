import type { Database, Executor } from '../../db/client';
import type { LedgerTransactionKind } from '../../db/schema/ledger';
import { AppError } from '../../lib/app-error';
import * as ledger from './ledger.repository';
import type { PlatformAccountKind, UserAccountKind } from './ledger.repository';
import { isCheckViolation } from '../../lib/pg-errors';

/** A wallet's statement, read straight from the postings: the wallet screen pages through it. */
export { listWalletPostings } from './ledger.repository';

/**
 * A user's wallet over a period [from, to), read in one snapshot (a movement committed between
 * the two reads cannot make the opening and the lines disagree): the wallet's balance when the
 * period began (the sum of its postings before `from`), its postings in the period, oldest first,
 * and the money held for withdrawals when it ended.
 */
export async function readWalletPeriod(
  db: Database,
  options: { userId: string; from: Date; to: Date },
) {
  const period = await db.transaction((tx) => ledger.findWalletPeriod(tx, options), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return {
    openingKobo: period.walletBefore,
    heldAtEndKobo: period.holdBeforeEnd,
    postings: period.rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at),
      description: row.description,
      reference: row.reference,
      amountKobo: BigInt(row.amount),
    })),
  };
}

/** The movements with these idempotency keys and their postings, oldest first (a withdrawal's). */
export async function listMovements(tx: Executor, idempotencyKeys: string[]) {
  const movements = new Map<
    string,
    {
      id: string;
      kind: LedgerTransactionKind;
      description: string;
      createdAt: Date;
      postings: { account: string; amount: bigint }[];
    }
  >();
  for (const row of await ledger.findMovementPostings(tx, idempotencyKeys)) {
    const movement = movements.get(row.transaction_id) ?? {
      id: row.transaction_id,
      kind: row.kind,
      description: row.description,
      createdAt: new Date(row.created_at),
      postings: [],
    };
    movement.postings.push({ account: row.account_kind, amount: BigInt(row.amount) });
    movements.set(row.transaction_id, movement);
  }
  return [...movements.values()];
}

export type LedgerAccountRef =
  { userId: string; kind: UserAccountKind } | { userId?: undefined; kind: PlatformAccountKind };

export interface LedgerMovement {
  /** Makes the movement happen at most once, e.g. `trade:<id>:credit`. */
  idempotencyKey: string;
  kind: LedgerTransactionKind;
  description: string;
  reference?: string | null;
  /** Kobo per account; they must sum to zero. */
  postings: { account: LedgerAccountRef; amount: bigint }[];
}

export interface PostedMovement {
  idempotencyKey: string;
  /** False when a movement with this key was posted before: nothing moved this time. */
  isPosted: boolean;
  /**
   * Balances after the movement, by `ledgerAccountKey`, for the users' accounts it touched (the
   * platform's move as the database transaction commits, decision 048).
   */
  balances: Map<string, bigint>;
}

const INSUFFICIENT_FUNDS = 'Your wallet balance is not enough for this.';

/** Names an account in results: `<user id>:user_wallet`, `platform:trade_funding`. */
export const ledgerAccountKey = (ref: LedgerAccountRef) =>
  `${ref.userId ?? 'platform'}:${ref.kind}`;

function assertBalanced(movement: LedgerMovement): void {
  const total = movement.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (movement.postings.length < 2 || total !== 0n) {
    throw new Error(`ledger movement ${movement.idempotencyKey} does not balance`);
  }
  if (movement.postings.some((posting) => posting.amount === 0n)) {
    throw new Error(`ledger movement ${movement.idempotencyKey} has a zero posting`);
  }
}

const isNegativeBalance = (error: unknown) =>
  isCheckViolation(error, 'ledger_balances_user_not_negative');

/**
 * Posts one or more movements inside the caller's database transaction (docs/ARCHITECTURE.md#domain-rules), each once
 * (its key is unique), with postings that sum to zero, in one round trip
 * (`ledger_post_movements`, migration 0029). The users' balances are locked together, in id
 * order, and moved at once. The platform's postings are applied as the database transaction
 * commits, in account order (decision 048): every approval moves the trade-funding balance,
 * and its row is then locked only while a transaction commits, not for the rest of it. Call it
 * once per database transaction, as its last money step (docs/decisions/011-ledger.md). A user balance
 * that would go below zero fails the whole database transaction with INSUFFICIENT_FUNDS.
 */
export async function postMovements(
  tx: Executor,
  movements: LedgerMovement[],
  at: Date,
): Promise<PostedMovement[]> {
  movements.forEach(assertBalanced);
  let applied: Awaited<ReturnType<typeof ledger.postMovementsAtOnce>>;
  try {
    applied = await ledger.postMovementsAtOnce(tx, {
      movements: movements.map((m) => ({
        idempotencyKey: m.idempotencyKey,
        kind: m.kind,
        description: m.description,
        reference: m.reference ?? null,
      })),
      legs: movements.flatMap((m, i) =>
        m.postings.map((p) => ({
          movement: i + 1,
          owner: p.account.userId ?? null,
          kind: p.account.kind,
          amount: p.amount,
        })),
      ),
      at,
    });
  } catch (error) {
    if (isNegativeBalance(error)) {
      throw new AppError('BAD_REQUEST', INSUFFICIENT_FUNDS, {
        domainCode: 'INSUFFICIENT_FUNDS',
        field: 'amount',
        cause: error,
      });
    }
    throw error;
  }
  return movements.map((movement, i) => {
    const legs = applied.filter((leg) => leg.movement === i + 1);
    // ledgerAccountKey's names: `<user id>:<kind>`; the platform's balances move at the commit.
    const balances = new Map(
      legs.flatMap((leg) =>
        leg.owner !== null && leg.balance !== null
          ? [[`${leg.owner}:${leg.kind}`, leg.balance] as const]
          : [],
      ),
    );
    return { idempotencyKey: movement.idempotencyKey, isPosted: legs.length > 0, balances };
  });
}

/** A user's wallet balance and the money held for their unfinished withdrawals, in kobo. */
export async function getUserBalances(tx: Executor, userId: string) {
  const balances = await ledger.findUserBalances(tx, userId);
  return {
    availableKobo: balances.user_wallet ?? 0n,
    heldKobo: balances.user_withdrawal_hold ?? 0n,
  };
}

/**
 * Opens (if needed) and locks a user's wallet and hold, for a check-then-move that must see the
 * balance as it is (a withdrawal's limits and balance), in one round trip. Same order as
 * postMovements: no deadlock.
 */
export async function lockBalancesOf(tx: Executor, userId: string): Promise<void> {
  await ledger.lockUserBalances(tx, userId);
}
