/**
 * The withdrawals part of `npm run bench` (decision 012).
 *
 * Many users: 500 active users (a PIN, a verified BVN, ₦5,000 in the wallet, credited through
 * the ledger from the platform's trade_funding account) each ask once for a ₦1,000 withdrawal
 * to a new sandbox account, all at once over a bounded number of client connections; at least
 * 300 accepted a second, every answer 201. Each request verifies an argon2id PIN, so the rate
 * is also reported against raw argon2id verifications a second.
 *
 * One user: one user with enough money for all of them sends 300 requests (unique keys) at 50
 * connections; they take turns on that user's row (PIN check) and wallet (the hold), so the
 * rate is reported, not held to a target.
 *
 * Afterwards, in SQL: one withdrawal, one hold and one queued payout job per accepted request,
 * each user's wallet + hold equal to what was funded, and the ledger adds up (each
 * transaction sums to zero, each balance is the sum of its postings, no user below zero).
 * The payout worker does not run: only the request path is measured, the jobs wait in the job outbox.
 */
import { sql } from 'drizzle-orm';
import {
  nubanCheckDigit,
  type Database,
  postMovements,
  type LedgerMovement,
} from '@karta/api/harness';

export const WITHDRAWALS_MIN_PER_SECOND = 300;
export const PARALLEL_USERS = 500;
/** `--quick`: fewer users and requests, so the scenario takes seconds. */
export const QUICK_PARALLEL_USERS = 100;
export const PARALLEL_CONNECTIONS = 32;
export const SINGLE_USER_REQUESTS = 300;
export const QUICK_SINGLE_USER_REQUESTS = 100;
export const SINGLE_USER_CONNECTIONS = 50;
/** Users whose one request each warms up the server (JIT, the first statements prepared); not counted. */
export const WARMUP_USERS = 16;
export const WITHDRAWER_PASSWORD = 'BenchWithdrawer#2026';
export const WITHDRAWAL_PIN = '2468';
/** Guaranty Trust Bank: its Paystack code and 3-digit CBN code are both 058. */
const GTBANK = '058';
const WITHDRAWAL_NAIRA = 1_000;
/** Each of the many users: enough for one withdrawal and its fee, with money left over. */
const PARALLEL_FUNDS_KOBO = 5_000_00n;
/** The one user: ₦2,000 per request covers ₦1,000 and any fee up to ₦1,000. */
const SINGLE_FUNDS_PER_REQUEST_KOBO = 2_000_00n;
/** Funding movements per database transaction. */
const FUNDING_CHUNK = 100;

export interface WithdrawalSizes {
  users: number;
  singleUserRequests: number;
}

const request = 'POST /api/v1/transaction/withdrawal_request/{user_id}';

/** The row names; the sizes are in them, since `--quick` makes them smaller. */
export function withdrawalScenarioNames(sizes: WithdrawalSizes) {
  return {
    parallel: `${request} (${sizes.users} users, once each)`,
    single: `${request} (one user, ${sizes.singleUserRequests} requests)`,
  };
}

export const withdrawalUrl = (apiUrl: string, userId: string) =>
  `${apiUrl}/api/v1/transaction/withdrawal_request/${userId}`;

/** A NUBAN-valid GTBank number with serial `1` + the index: an ordinary sandbox account. */
function benchAccountNumber(index: number): string {
  const serial = `1${String(index).padStart(8, '0')}`;
  return `${serial}${nubanCheckDigit(GTBANK, serial)}`;
}

/** A withdrawal of ₦1,000 to a new GTBank account, not saved as a beneficiary. */
export function withdrawalBody(bankId: number, accountIndex: number): string {
  return JSON.stringify({
    amount: WITHDRAWAL_NAIRA,
    pin: WITHDRAWAL_PIN,
    bank_id: bankId,
    account_bank: GTBANK,
    account_number: benchAccountNumber(accountIndex),
  });
}

interface Withdrawer {
  id: string;
  email: string;
  fundedKobo: bigint;
}

interface Withdrawers {
  warmUp: Withdrawer[];
  parallel: Withdrawer[];
  single: Withdrawer;
}

/**
 * The warm-up users, the many users and the one user: active, with a PIN, a verified BVN
 * (distinct hashes, as the unique index wants) and one password. Both hashes are made once by
 * the caller, since argon2id takes a while.
 */
export async function insertWithdrawers(
  db: Database,
  options: { passwordHash: string; pinHash: string; sizes: WithdrawalSizes },
): Promise<Withdrawers> {
  const count = WARMUP_USERS + options.sizes.users + 1;
  const result = await db.execute<{ id: string; email: string; n: number }>(sql`
    insert into users (first_name, last_name, email, mobile_number, password_hash, pin_hash, status,
                       referral_code, verified_at, kyc_verified, bvn_hash, bvn_last4, kyc_verified_at,
                       kyc_tier)
    select 'Withdrawer', 'No ' || n, 'bench-withdrawer-' || n || '@example.com',
           '+23483' || lpad(n::text, 8, '0'), ${options.passwordHash}, ${options.pinHash}, 'active',
           'BENCHW' || n, now(), true, 'bench-bvn-' || n, lpad((n % 10000)::text, 4, '0'), now(),
           -- The top KYC tier (decision 063): hundreds of ₦1,000 withdrawals a day meet the
           -- platform's limits only, as before the tiers.
           3
      from generate_series(1, ${count}) as n
    returning id, email, substring(email from '[0-9]+')::int as n`);
  const byNumber = new Map(result.rows.map((row) => [row.n, row]));
  const user = (n: number, fundedKobo: bigint): Withdrawer => {
    const row = byNumber.get(n);
    if (!row) throw new Error(`bench withdrawer ${n} was not inserted`);
    return { id: row.id, email: row.email, fundedKobo };
  };
  const range = (from: number, length: number) =>
    Array.from({ length }, (_, i) => user(from + i, PARALLEL_FUNDS_KOBO));
  return {
    warmUp: range(1, WARMUP_USERS),
    parallel: range(1 + WARMUP_USERS, options.sizes.users),
    single: user(count, SINGLE_FUNDS_PER_REQUEST_KOBO * BigInt(options.sizes.singleUserRequests)),
  };
}

/**
 * Credits each user's wallet from the platform's trade_funding account through the ledger
 * service, as an approved trade would (not by writing balances), then analyzes and
 * checkpoints so none of that runs during the measurement.
 */
export async function fundWithdrawers(db: Database, people: Withdrawers): Promise<void> {
  const everyone = [...people.warmUp, ...people.parallel, people.single];
  for (let start = 0; start < everyone.length; start += FUNDING_CHUNK) {
    const movements = everyone.slice(start, start + FUNDING_CHUNK).map((user): LedgerMovement => ({
      idempotencyKey: `bench:withdrawals:fund:${user.id}`,
      kind: 'trade_credit',
      description: 'Benchmark funding',
      postings: [
        { account: { userId: user.id, kind: 'user_wallet' }, amount: user.fundedKobo },
        { account: { kind: 'trade_funding' }, amount: -user.fundedKobo },
      ],
    }));
    await db.transaction((tx) => postMovements(tx, movements, new Date()));
  }
  await db.execute(
    sql`vacuum analyze users, ledger_accounts, ledger_balances, ledger_transactions, ledger_postings`,
  );
  await db.execute(sql`checkpoint`);
}

/** Our id for GTBank, from `GET /finance/get_banks` as a client would ask. */
export async function gtbankId(apiUrl: string, token: string): Promise<number> {
  const response = await fetch(`${apiUrl}/api/v1/finance/get_banks`, {
    headers: { authorization: token },
  });
  const body = (await response.json()) as { data?: { id: number; code: string }[] };
  const bank = body.data?.find((each) => each.code === GTBANK);
  if (!response.ok || !bank) throw new Error(`get_banks answered HTTP ${response.status}`);
  return bank.id;
}

export interface WithdrawalChecks {
  /** Withdrawal rows of these users, pending as the request leaves them. */
  withdrawals: number;
  /** withdrawal_hold transactions of those withdrawals, each with its two postings. */
  holds: number;
  /** Payout jobs waiting in the job outbox for those withdrawals (no worker runs to move them). */
  payoutJobs: number;
  /** Users whose wallet + hold is not what they were funded, or whose hold is not their withdrawals. */
  wrongUserBalances: number;
}

/** Straight from the database, for the users of one scenario. */
export async function checkWithdrawals(
  db: Database,
  users: Withdrawer[],
): Promise<WithdrawalChecks> {
  const ids = users.map((user) => user.id);
  const funded = users.map((user) => user.fundedKobo.toString());
  const one = async (query: ReturnType<typeof sql>) => {
    const result = await db.execute<{ n: number }>(query);
    return result.rows[0]?.n ?? -1;
  };
  const mine = sql`select id, reference, amount_kobo, fee_kobo from withdrawals
                    where user_id = any(${sql.param(ids)}::uuid[])`;
  return {
    withdrawals: await one(sql`
      select count(*)::int as n from withdrawals
       where user_id = any(${sql.param(ids)}::uuid[]) and status = 'pending'`),
    holds: await one(sql`
      select count(*)::int as n from (${mine}) w
        join ledger_transactions t on t.idempotency_key = 'withdrawal:' || w.id || ':hold'
       where t.kind = 'withdrawal_hold' and t.reference = w.reference
         and (select count(*) from ledger_postings p where p.transaction_id = t.id) = 2
         and (select sum(abs(p.amount)) from ledger_postings p where p.transaction_id = t.id)
             = 2 * (w.amount_kobo + w.fee_kobo)`),
    payoutJobs: await one(sql`
      select count(*)::int as n from (${mine}) w
        join job_outbox j on j.queue = 'payout' and j.singleton_key = w.id::text`),
    wrongUserBalances: await one(sql`
      with u as (
        select * from unnest(${sql.param(ids)}::uuid[], ${sql.param(funded)}::bigint[]) as u(id, funded)
      ),
      balances as (
        select u.id, u.funded,
               coalesce(sum(b.available) filter (where a.kind = 'user_wallet'), 0) as wallet,
               coalesce(sum(b.available) filter (where a.kind = 'user_withdrawal_hold'), 0) as hold
          from u left join ledger_accounts a on a.user_id = u.id
          left join ledger_balances b on b.account_id = a.id
         group by u.id, u.funded
      )
      select count(*)::int as n from balances
       where wallet + hold <> funded
          or hold <> (select coalesce(sum(w.amount_kobo + w.fee_kobo), 0) from withdrawals w
                       where w.user_id = balances.id)`),
  };
}

/** What the checks found wrong for `accepted` answers 201; empty when all is well. */
export function withdrawalProblems(
  scenario: string,
  checks: WithdrawalChecks,
  accepted: number,
): string[] {
  const problems: string[] = [];
  if (checks.withdrawals !== accepted) {
    problems.push(`${scenario}: ${checks.withdrawals} withdrawals for ${accepted} accepted`);
  }
  if (checks.holds !== checks.withdrawals) {
    problems.push(`${scenario}: ${checks.holds} holds for ${checks.withdrawals} withdrawals`);
  }
  if (checks.payoutJobs !== checks.withdrawals) {
    problems.push(
      `${scenario}: ${checks.payoutJobs} payout jobs queued for ${checks.withdrawals} withdrawals`,
    );
  }
  if (checks.wrongUserBalances > 0) {
    problems.push(
      `${scenario}: ${checks.wrongUserBalances} users whose wallet + hold is not what they were funded`,
    );
  }
  return problems;
}
