/**
 * The trades group of `npm run bench` (decisions 011, 047 and 048): trade history on the seeded database and on a
 * large table, then concurrent operators approving pending trades; the seeding and the SQL
 * checks are in trades-seed.ts.
 */
import { performance } from 'node:perf_hooks';
import { hashSecret } from '@karta/api/harness';
import { deadlocksDetected } from './ledger';
import { runLoad } from './load';
import { profiled } from './profile';
import {
  FAST_CONNECTIONS,
  fastScenario,
  findRow,
  runHttpScenario,
  toRow,
  type Budget,
  type Row,
} from './scenario';
import { loginForToken, type Stack } from './stack';
import {
  APPROVALS_MIN_PER_SECOND,
  approvalCount,
  approvalProblems,
  approveUrl,
  BENCH_PASSWORD,
  checkApprovals,
  insertBenchPeople,
  insertLightUserTrades,
  insertManyTrades,
  insertPendingTrades,
  LAST_PAGE,
  OPERATORS,
  TRADE_HISTORY_MAX_COST_RATIO,
  TRADE_HISTORY_MAX_P99_MS,
  tradeHistoryUrl,
  tradeScenarioNames,
  type ApprovalChecks,
} from './trades-seed';

const TRADE_HISTORY_BASELINE = 'seeded page 1 of 20 trades';

export interface ApprovalReport {
  trades: number;
  referredSellers: number;
  checks: ApprovalChecks;
  /** What the checks found wrong; empty when all is well. */
  problems: string[];
  /** Counted by PostgreSQL (pg_stat_database) during the approvals. */
  deadlocksDetected: number;
  deadlockLogLines: string[];
}

/**
 * Trade history on the seeded database, then again after `bigTrades` more trades; then
 * concurrent operators approve pending trades, each once, and the ledger is checked.
 */
export async function runTradeScenarios(
  stack: Stack,
  options: { seconds: number; ceiling: number; bigTrades: number },
): Promise<{ rows: Row[]; approvals: ApprovalReport }> {
  const { seconds, ceiling, bigTrades } = options;
  const names = tradeScenarioNames(bigTrades);
  const rows: Row[] = [];
  const history = async (name: string, userId: string, page: number, token: string) => {
    const url = tradeHistoryUrl(stack.apiUrl, userId, page);
    const scenario = fastScenario(name, url, seconds, { authorization: token });
    rows.push(toRow(name, FAST_CONNECTIONS, await runHttpScenario(scenario), ceiling));
  };
  const people = await insertBenchPeople(stack.db, await hashSecret(BENCH_PASSWORD));
  await insertLightUserTrades(stack.db, people);
  const lightToken = await loginForToken(stack.apiUrl, people.light.email, BENCH_PASSWORD);
  await history(names.baseline, people.light.id, 1, lightToken);

  console.log(`  (inserting ${bigTrades.toLocaleString('en')} trades with SQL…)`);
  const seedStarted = performance.now();
  await insertManyTrades(stack.db, people, bigTrades);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`  (inserted and vacuumed in ${seedSeconds.toFixed(0)} s)`);
  const heavyToken = await loginForToken(stack.apiUrl, people.heavy.email, BENCH_PASSWORD);
  await history(names.bigFirst, people.heavy.id, 1, heavyToken);
  await history(names.bigLast, people.heavy.id, LAST_PAGE, heavyToken);

  const { ids, referredSellers } = await insertPendingTrades(
    stack.db,
    people,
    approvalCount(seconds),
  );
  const operatorTokens = await Promise.all(
    people.operators.map((operator) => loginForToken(stack.apiUrl, operator.email, BENCH_PASSWORD)),
  );
  console.log(`  ${names.approve}: ${ids.length} pending trades, each approved once`);
  const deadlocksBefore = await deadlocksDetected(stack.db);
  const logLinesBefore = stack.deadlockLog.length;
  const result = await profiled(names.approve, () =>
    runLoad({
      requests: ids.map((id) => ({ url: approveUrl(stack.apiUrl, id), body: '{}' })),
      method: 'POST',
      workerHeaders: operatorTokens.map((token) => ({
        authorization: token,
        'content-type': 'application/json',
      })),
      expectedStatus: 200,
    }),
  );
  rows.push(toRow(names.approve, OPERATORS, result, ceiling));
  const deadlockLogLines = stack.deadlockLog.slice(logLinesBefore);
  const checks = await checkApprovals(stack.db, ids);
  return {
    rows,
    approvals: {
      trades: ids.length,
      referredSellers,
      checks,
      problems: approvalProblems(checks, { trades: ids.length, referred: referredSellers }),
      deadlocksDetected: (await deadlocksDetected(stack.db)) - deadlocksBefore,
      deadlockLogLines,
    },
  };
}

/**
 * The large table's page 1 and page 500 each against the baseline page 1 (cost is time per
 * request: baseline req/s over large-table req/s), and every trade-history p99.
 */
function checkTradeHistoryBudgets(rows: Row[], bigTrades: number): Budget[] {
  const names = tradeScenarioNames(bigTrades);
  const baseline = findRow(rows, names.baseline);
  const costs = [names.bigFirst, names.bigLast].map((name) => {
    const large = findRow(rows, name).requestsPerSecond;
    const ratio = large > 0 ? baseline.requestsPerSecond / large : Infinity;
    return {
      name: `${name}: cost ÷ the ${TRADE_HISTORY_BASELINE}`,
      value: ratio,
      limit: `≤ ${TRADE_HISTORY_MAX_COST_RATIO}`,
      ok: ratio <= TRADE_HISTORY_MAX_COST_RATIO,
    };
  });
  const p99s = [names.baseline, names.bigFirst, names.bigLast].map((name) => {
    const p99 = findRow(rows, name).p99Ms;
    return {
      name: `${name}: p99 ms at ${FAST_CONNECTIONS} connections`,
      value: p99,
      limit: `≤ ${TRADE_HISTORY_MAX_P99_MS}`,
      ok: p99 <= TRADE_HISTORY_MAX_P99_MS,
    };
  });
  return [...costs, ...p99s];
}

/** Throughput, every answer 200, the ledger adds up afterwards, no deadlock anywhere. */
function checkApprovalBudgets(rows: Row[], approvals: ApprovalReport, bigTrades: number): Budget[] {
  const row = findRow(rows, tradeScenarioNames(bigTrades).approve);
  const failures = (row.non2xx ?? 0) + (row.errors ?? 0);
  // PostgreSQL logs each deadlock it counts, so the two agree unless one of them missed it.
  const deadlocks = Math.max(approvals.deadlocksDetected, approvals.deadlockLogLines.length);
  return [
    {
      name: `approvals/s with ${OPERATORS} operators`,
      value: row.requestsPerSecond,
      limit: `≥ ${APPROVALS_MIN_PER_SECOND}`,
      ok: row.requestsPerSecond >= APPROVALS_MIN_PER_SECOND,
    },
    {
      name: 'approvals answered other than 200',
      value: failures,
      limit: '= 0',
      ok: failures === 0,
    },
    {
      name: `ledger and trade checks failed after ${approvals.trades} approvals`,
      value: approvals.problems.length,
      limit: '= 0',
      ok: approvals.problems.length === 0,
    },
    {
      name: 'deadlocks (pg_stat_database, and 40P01 in the logs)',
      value: deadlocks,
      limit: '= 0',
      ok: deadlocks === 0,
    },
  ];
}

export function checkTradeBudgets(
  rows: Row[],
  approvals: ApprovalReport,
  bigTrades: number,
): Budget[] {
  return [
    ...checkTradeHistoryBudgets(rows, bigTrades),
    ...checkApprovalBudgets(rows, approvals, bigTrades),
  ];
}
