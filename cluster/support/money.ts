import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  fundWithdrawers,
  gtbankId,
  insertWithdrawers,
  WITHDRAWAL_PIN,
  WITHDRAWER_PASSWORD,
  withdrawalBody,
  withdrawalUrl,
} from '../../bench/api/withdrawals-seed';
import { type Database, hashSecret } from '@karta/api/harness';
import { call, signIn, type Session } from './client';

/** Enough money for every withdrawal the cluster tests ask for (₦2,000 each covers one). */
const WITHDRAWALS_FUNDED = 1_000;

export interface Withdrawer {
  session: Session;
  bankId: number;
  /** A new, ordinary sandbox account for each withdrawal. */
  nextAccount: () => number;
}

/** One active seller with a PIN, a verified BVN and money, signed in through `url`. */
export async function fundedWithdrawer(db: Database, url: string): Promise<Withdrawer> {
  const people = await insertWithdrawers(db, {
    passwordHash: await hashSecret(WITHDRAWER_PASSWORD),
    pinHash: await hashSecret(WITHDRAWAL_PIN),
    sizes: { users: 0, singleUserRequests: WITHDRAWALS_FUNDED },
  });
  await fundWithdrawers(db, people);
  const session = await signIn(url, people.single.email, WITHDRAWER_PASSWORD);
  let account = 0;
  return {
    session,
    bankId: await gtbankId(url, session.token),
    nextAccount: () => (account += 1),
  };
}

/** Statuses a client treats as "try again with the same key": the server may not have seen it. */
const RETRIED = new Set([502, 503, 504]);
const MAX_ATTEMPTS = 8;

interface WithdrawalOutcome {
  key: string;
  /** Every answer, in order: a network failure is 0. */
  statuses: number[];
  /** When each attempt started (ms since the epoch). */
  startedAt: number[];
  /** When each attempt's answer (or failure) arrived. */
  answeredAt: number[];
  /** Each attempt's Retry-After header, when it had one. */
  retryAfter: (string | null)[];
  /** The body of any 5xx answer other than 502–504: what a fault said. */
  faults: string[];
  withdrawalId: string | undefined;
}

/**
 * A withdrawal as a careful client makes it: one Idempotency-Key, the same body on every try,
 * tried again on a lost connection or a 502/503/504 until an answer is final: 8 tries with a
 * growing pause, or for `retryForMs` at a steady 500 ms (a client riding out a failover).
 */
export async function withdraw(
  url: string,
  who: Withdrawer,
  options: { retryForMs?: number } = {},
): Promise<WithdrawalOutcome> {
  const key = randomUUID();
  const body = JSON.parse(withdrawalBody(who.bankId, who.nextAccount())) as unknown;
  const outcome: WithdrawalOutcome = {
    key,
    statuses: [],
    startedAt: [],
    answeredAt: [],
    retryAfter: [],
    faults: [],
    withdrawalId: undefined,
  };
  const deadline = Date.now() + (options.retryForMs ?? 0);
  for (let attempt = 0; attempt < MAX_ATTEMPTS || Date.now() < deadline; attempt += 1) {
    outcome.startedAt.push(Date.now());
    try {
      const answer = await call(withdrawalUrl(url, who.session.userId), {
        token: who.session.token,
        headers: { 'idempotency-key': key },
        body,
      });
      outcome.statuses.push(answer.status);
      outcome.retryAfter.push(answer.headers.get('retry-after'));
      outcome.answeredAt.push(Date.now());
      if (answer.status >= 500 && !RETRIED.has(answer.status)) outcome.faults.push(answer.text);
      if (!RETRIED.has(answer.status)) {
        outcome.withdrawalId = (answer.body?.data as { id?: string } | undefined)?.id;
        return outcome;
      }
    } catch {
      outcome.statuses.push(0);
      outcome.retryAfter.push(null);
      outcome.answeredAt.push(Date.now());
    }
    const pause = options.retryForMs === undefined ? 250 * (attempt + 1) : 500;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return outcome;
}

/** Runs `task` `count` times, at most `concurrency` at once. */
export async function inParallel<T>(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return results;
}

/** The user's withdrawals by status, straight from the database. */
async function withdrawalStatuses(db: Database, userId: string) {
  const result = await db.execute<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from withdrawals where user_id = ${userId} group by status`);
  return Object.fromEntries(result.rows.map((row) => [row.status, row.n]));
}

/** Waits until none of the user's withdrawals is pending or processing; the statuses then. */
export async function waitForPayouts(db: Database, userId: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statuses = await withdrawalStatuses(db, userId);
    const unfinished = (statuses.pending ?? 0) + (statuses.processing ?? 0);
    if (unfinished === 0 || Date.now() > deadline) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** References with other than exactly one transfer at the sandbox provider (should be none). */
export async function transfersNotExactlyOnce(db: Database, userId: string) {
  const result = await db.execute<{ reference: string; transfers: number }>(sql`
    select w.reference, count(t.reference)::int as transfers
      from withdrawals w left join sandbox_transfers t on t.reference = w.reference
     where w.user_id = ${userId} and w.status = 'successful'
     group by w.reference having count(t.reference) <> 1`);
  return result.rows;
}

/** Withdrawals a client was told were accepted (201), and how many the database holds for them. */
export async function withdrawalsPerKey(db: Database, userId: string, keys: string[]) {
  const result = await db.execute<{ idempotency_key: string; n: number }>(sql`
    select idempotency_key, count(*)::int as n from withdrawals
     where user_id = ${userId} and idempotency_key = any(${sql.param(keys)}::text[])
     group by idempotency_key`);
  return new Map(result.rows.map((row) => [row.idempotency_key, row.n]));
}
