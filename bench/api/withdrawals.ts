/**
 * The withdrawals group of `npm run bench` (decision 012): many funded users once each at once, then
 * one user many times at once; the seeding and the SQL checks are in withdrawals-seed.ts.
 */
import { hashSecret } from '@karta/api/harness';
import { ARGON2 } from './auth';
import { checkLedger, deadlocksDetected, ledgerProblems, type LedgerChecks } from './ledger';
import { runLoad, type BatchSpec, type LoadResult } from './load';
import { profiled } from './profile';
import { findRow, toRow, type Budget, type Row } from './scenario';
import { loginAll, type Stack } from './stack';
import {
  checkWithdrawals,
  fundWithdrawers,
  gtbankId,
  insertWithdrawers,
  PARALLEL_CONNECTIONS,
  SINGLE_USER_CONNECTIONS,
  WARMUP_USERS,
  WITHDRAWAL_PIN,
  withdrawalBody,
  withdrawalProblems,
  WITHDRAWALS_MIN_PER_SECOND,
  withdrawalScenarioNames,
  withdrawalUrl,
  WITHDRAWER_PASSWORD,
  type WithdrawalChecks,
  type WithdrawalSizes,
} from './withdrawals-seed';

interface WithdrawalScenarioReport {
  users: number;
  requests: number;
  connections: number;
  accepted: number;
  checks: WithdrawalChecks;
}

export interface WithdrawalReport {
  parallel: WithdrawalScenarioReport;
  single: WithdrawalScenarioReport;
  ledger: LedgerChecks;
  /** What the checks found wrong; empty when all is well. */
  problems: string[];
  /** Counted by PostgreSQL (pg_stat_database) during the withdrawal requests. */
  deadlocksDetected: number;
  deadlockLogLines: string[];
}

/** One withdrawal request per entry of `users` (a user may appear many times), each once. */
export function withdrawalBatch(
  apiUrl: string,
  options: {
    users: { id: string; token: string }[];
    bankId: number;
    firstAccount: number;
    keyPrefix: string;
    connections: number;
  },
): BatchSpec {
  return {
    requests: options.users.map((user, i) => ({
      url: withdrawalUrl(apiUrl, user.id),
      body: withdrawalBody(options.bankId, options.firstAccount + i),
      headers: { authorization: user.token, 'idempotency-key': `${options.keyPrefix}-${i}` },
    })),
    method: 'POST',
    workerHeaders: Array.from({ length: options.connections }, () => ({
      'content-type': 'application/json',
    })),
    expectedStatus: 201,
  };
}

export const acceptedOf = (result: LoadResult) => result.total - result.non2xx - result.errors;

export function reportFailures(name: string, result: LoadResult): void {
  for (const sample of result.failureSamples ?? []) console.log(`    ${name} failed: ${sample}`);
}

/**
 * Withdrawal requests (the payout worker is not started: its jobs wait in the job outbox). Many
 * funded users once each at once, then one user many times at once; after each, the
 * withdrawals, holds, queued jobs and balances are checked in SQL, and the ledger at the end.
 */
export async function runWithdrawalScenarios(
  stack: Stack,
  options: { ceiling: number; sizes: WithdrawalSizes },
): Promise<{ rows: Row[]; report: WithdrawalReport }> {
  const { ceiling, sizes } = options;
  const names = withdrawalScenarioNames(sizes);
  const total = WARMUP_USERS + sizes.users + 1;
  console.log(`  (inserting ${total} users with a PIN and a BVN, funded through the ledger…)`);
  const people = await insertWithdrawers(stack.db, {
    passwordHash: await hashSecret(WITHDRAWER_PASSWORD),
    pinHash: await hashSecret(WITHDRAWAL_PIN),
    sizes,
  });
  await fundWithdrawers(stack.db, people);
  const everyone = [...people.warmUp, ...people.parallel, people.single];
  console.log(`  (signing ${everyone.length} users in through the API…)`);
  const tokens = await loginAll(
    stack.apiUrl,
    everyone.map((user) => user.email),
    WITHDRAWER_PASSWORD,
  );
  const signedIn = everyone.map((user, i) => ({ id: user.id, token: tokens[i] ?? '' }));
  const bankId = await gtbankId(stack.apiUrl, signedIn[0]?.token ?? '');
  const warmUp = signedIn.slice(0, WARMUP_USERS);
  const parallel = signedIn.slice(WARMUP_USERS, WARMUP_USERS + sizes.users);
  const single = signedIn.slice(-1);

  // Warm-up: JIT and the first prepared statements; not counted.
  const warmed = await runLoad(
    withdrawalBatch(stack.apiUrl, {
      users: warmUp,
      bankId,
      firstAccount: 0,
      keyPrefix: 'bench-warm-up',
      connections: WARMUP_USERS,
    }),
  );
  reportFailures('warm-up', warmed);

  const deadlocksBefore = await deadlocksDetected(stack.db);
  const logLinesBefore = stack.deadlockLog.length;
  console.log(`  ${names.parallel}: ${PARALLEL_CONNECTIONS} connections`);
  const many = await profiled(names.parallel, () =>
    runLoad(
      withdrawalBatch(stack.apiUrl, {
        users: parallel,
        bankId,
        firstAccount: WARMUP_USERS,
        keyPrefix: 'bench-parallel',
        connections: PARALLEL_CONNECTIONS,
      }),
    ),
  );
  reportFailures(names.parallel, many);
  const manyChecks = await checkWithdrawals(stack.db, people.parallel);

  console.log(`  ${names.single}: ${SINGLE_USER_CONNECTIONS} connections`);
  const one = single[0];
  if (!one) throw new Error('no single withdrawer');
  const repeated = await runLoad(
    withdrawalBatch(stack.apiUrl, {
      users: Array.from({ length: sizes.singleUserRequests }, () => one),
      bankId,
      firstAccount: WARMUP_USERS + sizes.users,
      keyPrefix: 'bench-single',
      connections: SINGLE_USER_CONNECTIONS,
    }),
  );
  reportFailures(names.single, repeated);
  const singleChecks = await checkWithdrawals(stack.db, [people.single]);
  const deadlockLogLines = stack.deadlockLog.slice(logLinesBefore);
  const ledger = await checkLedger(stack.db);
  const rows = [
    toRow(names.parallel, PARALLEL_CONNECTIONS, many, ceiling),
    toRow(names.single, SINGLE_USER_CONNECTIONS, repeated, ceiling),
  ];
  return {
    rows,
    report: {
      parallel: {
        users: sizes.users,
        requests: many.total,
        connections: PARALLEL_CONNECTIONS,
        accepted: acceptedOf(many),
        checks: manyChecks,
      },
      single: {
        users: 1,
        requests: repeated.total,
        connections: SINGLE_USER_CONNECTIONS,
        accepted: acceptedOf(repeated),
        checks: singleChecks,
      },
      ledger,
      problems: [
        ...withdrawalProblems('many users', manyChecks, acceptedOf(many)),
        ...withdrawalProblems('one user', singleChecks, acceptedOf(repeated)),
        ...ledgerProblems(ledger),
      ],
      deadlocksDetected: (await deadlocksDetected(stack.db)) - deadlocksBefore,
      deadlockLogLines,
    },
  };
}

/** A scenario's requests a second that were accepted (201). */
const acceptedPerSecond = (row: Row, scenario: WithdrawalScenarioReport) =>
  scenario.requests > 0 ? (row.requestsPerSecond * scenario.accepted) / scenario.requests : 0;

/** Withdrawals accepted a second with many users once each (the hot-path goals set it against argon2id). */
export function parallelAcceptedPerSecond(
  rows: Row[],
  report: WithdrawalReport,
  sizes: WithdrawalSizes,
): number {
  return acceptedPerSecond(findRow(rows, withdrawalScenarioNames(sizes).parallel), report.parallel);
}

/**
 * Accepted requests a second (also against raw argon2id verifications, since each request
 * verifies a PIN), every answer 201, the checks in SQL, no deadlock anywhere.
 */
export function checkWithdrawalBudgets(
  rows: Row[],
  report: WithdrawalReport,
  sizes: WithdrawalSizes,
): Budget[] {
  const names = withdrawalScenarioNames(sizes);
  const argon2 = findRow(rows, ARGON2).requestsPerSecond;
  const many = acceptedPerSecond(findRow(rows, names.parallel), report.parallel);
  const one = acceptedPerSecond(findRow(rows, names.single), report.single);
  const failures = (scenario: WithdrawalScenarioReport) => scenario.requests - scenario.accepted;
  const deadlocks = Math.max(report.deadlocksDetected, report.deadlockLogLines.length);
  return [
    {
      name: `withdrawals accepted/s, ${sizes.users} users once each`,
      value: many,
      limit: `≥ ${WITHDRAWALS_MIN_PER_SECOND}`,
      ok: many >= WITHDRAWALS_MIN_PER_SECOND,
    },
    {
      name: 'the same ÷ argon2id verify/s (each request verifies a PIN)',
      value: argon2 > 0 ? many / argon2 : 0,
      limit: 'reported',
      ok: true,
    },
    {
      name: `withdrawals accepted/s, one user at ${SINGLE_USER_CONNECTIONS} connections (serialized)`,
      value: one,
      limit: 'reported',
      ok: true,
    },
    {
      name: 'withdrawal requests answered other than 201',
      value: failures(report.parallel) + failures(report.single),
      limit: '= 0',
      ok: failures(report.parallel) + failures(report.single) === 0,
    },
    {
      name: 'withdrawal, hold, job, balance and ledger checks failed',
      value: report.problems.length,
      limit: '= 0',
      ok: report.problems.length === 0,
    },
    {
      name: 'deadlocks during withdrawals (pg_stat_database, and 40P01 in the logs)',
      value: deadlocks,
      limit: '= 0',
      ok: deadlocks === 0,
    },
  ];
}
