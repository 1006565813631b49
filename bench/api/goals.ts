/**
 * The hot-path goals (decisions 044–048), as reported budgets beside each group's own: ratios across groups (trade
 * history and subcategories against the card list, login and withdrawals against raw
 * argon2id), the trade-history p99s, approvals with 16 operators, and the resident memory of
 * the API process as production runs it after the whole run's loads (api-process-memory.ts). A
 * goal whose rows a partial run (`--only`) did not measure is left out.
 */
import { ARGON2, CURRENT_USER, LOGIN } from './auth';
import { CATALOG_SCENARIOS } from './catalog';
import type { ProcessMemory } from './api-process-memory';
import { processMemoryMb } from './process-memory';
import type { Budget, Row } from './scenario';
import { tradeScenarioNames } from './trades-seed';

const PREFIX = 'hot-path goal:';
const MEGABYTE = 1024 * 1024;
/** The API process's resident memory after the whole bench, in MB. */
const MAX_RSS_MB = 250;

interface GoalInputs {
  rows: Row[];
  bigTrades: number;
  /** Withdrawals accepted a second by many users once each (withdrawals.ts), if run. */
  withdrawalsAcceptedPerSecond?: number;
  memory: MemoryReport;
}

export interface MemoryReport {
  /** `node apps/api/dist/server.js` after the same loads: the API's own figure. */
  apiProcess?: ProcessMemory;
  /** This process (the bench, serving the API from source through tsx): resident set size now, MB. */
  rssMb: number;
  /** The highest resident set size of the run (VmHWM), MB; null off Linux. */
  peakRssMb: number | null;
  heapUsedMb: number;
}

export function measureMemory(): MemoryReport {
  const usage = process.memoryUsage();
  return {
    rssMb: usage.rss / MEGABYTE,
    peakRssMb: processMemoryMb('self', 'VmHWM'),
    heapUsedMb: usage.heapUsed / MEGABYTE,
  };
}

const find = (rows: Row[], name: string) => rows.find((row) => row.scenario === name);

function ratioGoal(
  name: string,
  numerator: number | undefined,
  denominator: number | undefined,
  goal: { atLeast?: number; atMost?: number },
): Budget[] {
  if (numerator === undefined || denominator === undefined) return [];
  const value = denominator > 0 ? numerator / denominator : 0;
  return [limitGoal(name, value, goal)];
}

function limitGoal(name: string, value: number, goal: { atLeast?: number; atMost?: number }) {
  const ok =
    (goal.atLeast === undefined || value >= goal.atLeast) &&
    (goal.atMost === undefined || value <= goal.atMost);
  const limit = goal.atLeast === undefined ? `≤ ${goal.atMost}` : `≥ ${goal.atLeast}`;
  return { name: `${PREFIX} ${name}`, value, limit, ok };
}

export function checkIssue16Goals(inputs: GoalInputs): Budget[] {
  const { rows, memory } = inputs;
  const rps = (name: string) => find(rows, name)?.requestsPerSecond;
  const trades = tradeScenarioNames(inputs.bigTrades);
  const cardList = rps(CATALOG_SCENARIOS.list);
  const argon2 = rps(ARGON2);
  const p99s = [trades.bigFirst, trades.bigLast].flatMap((name) => {
    const row = find(rows, name);
    return row ? [limitGoal(`${name}: p99 ms`, row.p99Ms, { atMost: 20 })] : [];
  });
  return [
    ...ratioGoal('trade history page 1 req/s ÷ card list req/s', rps(trades.bigFirst), cardList, {
      atLeast: 0.6,
    }),
    ...p99s,
    // Cost is time per request: page 1's req/s over page 500's.
    ...ratioGoal(
      'trade history page 500 cost ÷ page 1',
      rps(trades.bigFirst),
      rps(trades.bigLast),
      {
        atMost: 1.15,
      },
    ),
    ...ratioGoal(
      'subcategory list req/s ÷ card list req/s',
      rps(CATALOG_SCENARIOS.subcategories),
      cardList,
      {
        atLeast: 0.9,
      },
    ),
    ...ratioGoal('current_user req/s ÷ hello-world req/s', rps(CURRENT_USER), rps('hello-world'), {
      atLeast: 0.25,
    }),
    ...ratioGoal('login req/s ÷ argon2id verify/s', rps(LOGIN), argon2, { atLeast: 0.85 }),
    ...ratioGoal(
      'withdrawals accepted/s ÷ argon2id verify/s',
      inputs.withdrawalsAcceptedPerSecond,
      argon2,
      {
        atLeast: 0.7,
      },
    ),
    ...(rps(trades.approve) === undefined
      ? []
      : [limitGoal('approvals/s with 16 operators', rps(trades.approve) ?? 0, { atLeast: 450 })]),
    ...(memory.apiProcess
      ? [
          limitGoal(
            'API process (dist/server.js) resident memory after the bench loads, MB',
            memory.apiProcess.rssMb,
            { atMost: MAX_RSS_MB },
          ),
        ]
      : []),
  ];
}
