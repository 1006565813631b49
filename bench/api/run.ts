/**
 * The API half of `npm run bench` (bench/run.mjs starts it with `node --import tsx`): the API's
 * hot paths under load on this machine, next to a bare Fastify hello-world that marks the
 * ceiling, so the numbers mean something on any hardware. One file per scenario group (auth,
 * catalog, trades, withdrawals, sellers, overview, books, audit, rates, cluster); this one picks the groups, runs them on one stack, prints the
 * table and the budgets, and writes bench/results.json after a full run.
 */
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { writeHeapSnapshot } from 'node:v8';
import {
  argon2Seconds,
  checkAuthBudgets,
  runArgon2,
  runAuthScenarios,
  runHelloWorld,
} from './auth';
import { checkCatalogBudgets, runCatalogScenarios } from './catalog';
import {
  checkClusterBudgets,
  describeClusterCpu,
  runClusterScenarios,
  type ClusterRun,
} from './cluster';
import { checkRateSheetBudgets, runRateSheetScenarios } from './rate-sheet';
import { runEventScenarios, type EventsReport } from './events';
import {
  failedScenarios,
  formatBudgets,
  formatTable,
  MAX_FAILURES_PER_SCENARIO,
  RESULTS_FILE,
  writeResults,
} from './report';
import type { Budget, Row } from './scenario';
import {
  BIG_ACCOUNTS,
  checkSellerBudgets,
  QUICK_BIG_ACCOUNTS,
  runSellerScenarios,
} from './sellers';
import {
  checkOverviewBudgets,
  OVERVIEW_TRADES,
  OVERVIEW_WITHDRAWALS,
  QUICK_OVERVIEW_TRADES,
  QUICK_OVERVIEW_WITHDRAWALS,
  runOverviewScenarios,
  type OverviewSizes,
} from './overview';
import { checkBooksBudgets, runBooksScenarios } from './books';
import { checkIssue16Goals, measureMemory, type MemoryReport } from './goals';
import { measureApiProcessMemory } from './api-process-memory';
import { enableProfiles } from './profile';
import { AUDIT_ROWS, checkAuditBudgets, QUICK_AUDIT_ROWS, runAuditScenarios } from './audit';
import { startStack, type Stack } from './stack';
import { checkTradeBudgets, runTradeScenarios, type ApprovalReport } from './trades';
import { BIG_TRADES, QUICK_BIG_TRADES } from './trades-seed';
import {
  checkWithdrawalBudgets,
  parallelAcceptedPerSecond,
  runWithdrawalScenarios,
  type WithdrawalReport,
} from './withdrawals';
import {
  PARALLEL_USERS,
  QUICK_PARALLEL_USERS,
  QUICK_SINGLE_USER_REQUESTS,
  SINGLE_USER_REQUESTS,
  type WithdrawalSizes,
} from './withdrawals-seed';

const DEFAULT_SECONDS = 10;
const QUICK_SECONDS = 3;
/** Above this share of CPU busy before the run, the numbers measure someone else's work too. */
const QUIET_MACHINE_MAX_BUSY = 0.1;

/** The scenario groups `--only` can pick; hello-world and argon2id always run (references). */
const SCENARIO_GROUPS = [
  'auth',
  'catalog',
  'trades',
  'withdrawals',
  'sellers',
  'overview',
  'books',
  'audit',
  'rates',
  'cluster',
  'events',
] as const;
type ScenarioGroup = (typeof SCENARIO_GROUPS)[number];

interface RunOptions {
  seconds: number;
  /** `--quick`: fewer events timed in the events group. */
  quick: boolean;
  bigTrades: number;
  withdrawals: WithdrawalSizes;
  /** Accounts the seller search runs on. */
  bigAccounts: number;
  /** The trades and withdrawals tables the overview is read beside. */
  overview: OverviewSizes;
  groups: Set<ScenarioGroup>;
  /** Rows of the audit log the audit trail is read from. */
  auditRows: number;
  /** `--profile DIR`: a CPU profile of the API for each measured scenario (profile.ts). */
  profileDir?: string;
  /** `--heap-snapshot FILE`: the process's heap when the memory is measured, for DevTools. */
  heapSnapshot?: string;
  /** `--out FILE`: this run's results, partial runs too (bench/api/median.ts reads several). */
  out?: string;
}

interface ScenarioResults {
  rows: Row[];
  budgets: Budget[];
  approvals?: ApprovalReport;
  withdrawals?: WithdrawalReport;
  cluster?: ClusterRun[];
  events?: EventsReport;
  memory: MemoryReport;
}

/** The references, then each group asked for, in order, on one stack. */
async function runScenarios(stack: Stack, options: RunOptions): Promise<ScenarioResults> {
  const { seconds, bigTrades, groups } = options;
  const hello = await runHelloWorld(stack, seconds);
  const ceiling = hello.requestsPerSecond;
  const rows: Row[] = [hello];
  if (groups.has('auth')) rows.push(...(await runAuthScenarios(stack, seconds, ceiling)));
  rows.push(await runArgon2(argon2Seconds(seconds), ceiling));
  const results: ScenarioResults = { rows, budgets: [], memory: measureMemory() };
  if (groups.has('catalog')) rows.push(...(await runCatalogScenarios(stack, seconds, ceiling)));
  if (groups.has('trades')) {
    const trades = await runTradeScenarios(stack, { seconds, ceiling, bigTrades });
    rows.push(...trades.rows);
    results.approvals = trades.approvals;
  }
  if (groups.has('withdrawals')) {
    const withdrawals = await runWithdrawalScenarios(stack, {
      ceiling,
      sizes: options.withdrawals,
    });
    rows.push(...withdrawals.rows);
    results.withdrawals = withdrawals.report;
  }
  if (groups.has('sellers')) {
    const accounts = options.bigAccounts;
    rows.push(...(await runSellerScenarios(stack, { seconds, ceiling, accounts })));
  }
  if (groups.has('overview')) {
    const sizes = options.overview;
    rows.push(...(await runOverviewScenarios(stack, { seconds, ceiling, sizes })));
  }
  if (groups.has('books')) {
    // The overview's tables (same sizes), with the approved trades credited in the ledger.
    const sizes = options.overview;
    rows.push(...(await runBooksScenarios(stack, { seconds, ceiling, sizes })));
  }
  if (groups.has('audit')) {
    rows.push(...(await runAuditScenarios(stack, { seconds, ceiling, rows: options.auditRows })));
  }
  if (groups.has('rates')) rows.push(...(await runRateSheetScenarios(stack, { seconds, ceiling })));
  if (groups.has('cluster')) {
    const sizes = options.withdrawals;
    results.cluster = await runClusterScenarios({ seconds, ceiling, sizes });
    rows.push(...results.cluster.flatMap((run) => [run.history, run.withdrawals]));
  }
  let eventBudgets: Budget[] = [];
  if (groups.has('events')) {
    const events = await runEventScenarios(stack, { quick: options.quick });
    results.events = events.report;
    eventBudgets = events.budgets;
  }
  results.budgets = [
    ...(groups.has('auth') ? checkAuthBudgets(rows) : []),
    ...(groups.has('catalog') ? checkCatalogBudgets(rows) : []),
    ...(results.approvals ? checkTradeBudgets(rows, results.approvals, bigTrades) : []),
    ...(results.withdrawals
      ? checkWithdrawalBudgets(rows, results.withdrawals, options.withdrawals)
      : []),
    ...(groups.has('sellers') ? checkSellerBudgets(rows, options.bigAccounts) : []),
    ...(groups.has('overview') ? checkOverviewBudgets(rows, options.overview) : []),
    ...(groups.has('books') ? checkBooksBudgets(rows, options.overview) : []),
    ...(groups.has('audit') ? checkAuditBudgets(rows, options.auditRows) : []),
    ...(groups.has('rates') ? checkRateSheetBudgets(rows) : []),
    ...(results.cluster ? checkClusterBudgets(rows, results.cluster, options.withdrawals) : []),
    ...eventBudgets,
  ];
  // After the whole run: this process serves the API from source (stack.ts) beside the bench's
  // own work; the API's own figure is a production process's, after the same loads.
  results.memory = measureMemory();
  if (options.heapSnapshot !== undefined) writeHeapSnapshot(options.heapSnapshot);
  console.log('  (the API as production runs it, dist/server.js, sent the same loads again)');
  results.memory.apiProcess = await measureApiProcessMemory(stack, seconds);
  results.budgets.push(
    ...checkIssue16Goals({
      rows,
      bigTrades,
      memory: results.memory,
      ...(results.withdrawals
        ? {
            withdrawalsAcceptedPerSecond: parallelAcceptedPerSecond(
              rows,
              results.withdrawals,
              options.withdrawals,
            ),
          }
        : {}),
    }),
  );
  return results;
}

function cpuTimes(): { busy: number; total: number } {
  return os.cpus().reduce(
    (sum, { times }) => {
      const busy = times.user + times.nice + times.sys + times.irq;
      return { busy: sum.busy + busy, total: sum.total + busy + times.idle };
    },
    { busy: 0, total: 0 },
  );
}

/** The share of all cores busy over a moment, before we add any load of our own. */
async function measureBusyShare(ms: number): Promise<number> {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}

const isScenarioGroup = (name: string): name is ScenarioGroup =>
  (SCENARIO_GROUPS as readonly string[]).includes(name);

/**
 * Seconds per scenario, the size of the large trades table and of the withdrawal batches
 * (smaller with `--quick`), and the scenario groups to run (`--only trades,withdrawals`;
 * all by default).
 */
function readOptions(): RunOptions {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      profile: { type: 'string' },
      'heap-snapshot': { type: 'string' },
      out: { type: 'string' },
    },
  });
  const profile = {
    ...(values.profile === undefined ? {} : { profileDir: values.profile }),
    ...(values['heap-snapshot'] === undefined ? {} : { heapSnapshot: values['heap-snapshot'] }),
    ...(values.out === undefined ? {} : { out: values.out }),
  };
  const bigTrades = values.quick ? QUICK_BIG_TRADES : BIG_TRADES;
  const bigAccounts = values.quick ? QUICK_BIG_ACCOUNTS : BIG_ACCOUNTS;
  const overview = values.quick
    ? { trades: QUICK_OVERVIEW_TRADES, withdrawals: QUICK_OVERVIEW_WITHDRAWALS }
    : { trades: OVERVIEW_TRADES, withdrawals: OVERVIEW_WITHDRAWALS };
  const withdrawals = values.quick
    ? { users: QUICK_PARALLEL_USERS, singleUserRequests: QUICK_SINGLE_USER_REQUESTS }
    : { users: PARALLEL_USERS, singleUserRequests: SINGLE_USER_REQUESTS };
  const only = values.only?.split(',').map((name) => name.trim()) ?? [...SCENARIO_GROUPS];
  const unknown = only.filter((name) => !isScenarioGroup(name));
  if (unknown.length > 0 || only.length === 0) {
    throw new Error(`--only takes a comma-separated list of ${SCENARIO_GROUPS.join(', ')}`);
  }
  const groups = new Set(only.filter(isScenarioGroup));
  const auditRows = values.quick ? QUICK_AUDIT_ROWS : AUDIT_ROWS;
  if (values.duration === undefined) {
    const seconds = values.quick ? QUICK_SECONDS : DEFAULT_SECONDS;
    return {
      seconds,
      quick: values.quick,
      bigTrades,
      withdrawals,
      bigAccounts,
      overview,
      groups,
      auditRows,
      ...profile,
    };
  }
  const seconds = Number(values.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`--duration must be a positive number of seconds, not ${values.duration}`);
  }
  return {
    seconds,
    quick: values.quick,
    bigTrades,
    withdrawals,
    bigAccounts,
    overview,
    groups,
    auditRows,
    ...profile,
  };
}

/** A ledger that does not add up, or a deadlock, is a bug on any machine. */
function brokenBy(report: ApprovalReport | WithdrawalReport | undefined): string[] {
  if (!report) return [];
  const deadlocks = report.deadlocksDetected > 0 ? [`${report.deadlocksDetected} deadlocks`] : [];
  return [...report.problems, ...deadlocks, ...report.deadlockLogLines];
}

function describeMemory(memory: MemoryReport): string {
  const peak = memory.peakRssMb === null ? '' : `, peak ${memory.peakRssMb.toFixed(0)} MB`;
  const bench = `Bench process (serves the API from source) after the run: resident ${memory.rssMb.toFixed(0)} MB${peak}, JS heap in use ${memory.heapUsedMb.toFixed(0)} MB`;
  const api = memory.apiProcess;
  if (!api) return bench;
  return `API process (dist/server.js) after ${api.loads} loads: resident ${api.rssMb.toFixed(0)} MB, peak ${api.peakRssMb.toFixed(0)} MB\n${bench}`;
}

async function main(): Promise<number> {
  const options = readOptions();
  const { seconds, bigTrades } = options;
  const partial = options.groups.size < SCENARIO_GROUPS.length;
  const busyBefore = await measureBusyShare(1000);
  if (busyBefore > QUIET_MACHINE_MAX_BUSY) {
    const percent = Math.round(busyBefore * 100);
    console.log(`Warning: the CPUs were ${percent}% busy before the run; expect noisy numbers.`);
  }
  console.log('Starting a fresh PostgreSQL, the API and a hello-world server…');
  const stack = await startStack();
  if (options.profileDir !== undefined) {
    enableProfiles(options.profileDir, stack);
    console.log(`CPU profiles and statements of the API, per scenario, into ${options.profileDir}`);
  }
  try {
    console.log('Running:');
    const { rows, budgets, approvals, withdrawals, cluster, events, memory } = await runScenarios(
      stack,
      options,
    );
    const failed = failedScenarios(rows);
    console.log(`\n${formatTable(rows)}\n\nBudgets:\n${formatBudgets(budgets)}`);
    console.log(`\n${describeMemory(memory)}`);
    if (cluster) console.log(`\nWhere the cluster's CPU went:\n${describeClusterCpu(cluster)}`);
    // Budgets depend on the machine; only failed requests mean the bench itself went wrong.
    console.log('  (reported, not enforced: the exit code reflects failed requests only)');
    if (failed.length > 0) {
      console.log(`\nMore than ${MAX_FAILURES_PER_SCENARIO} failures in: ${failed.join(', ')}`);
    }
    const broken = [...brokenBy(approvals), ...brokenBy(withdrawals)];
    if (brokenBy(approvals).length > 0) {
      console.log(`\nAfter the approvals:\n  ${brokenBy(approvals).join('\n  ')}`);
    }
    if (brokenBy(withdrawals).length > 0) {
      console.log(`\nAfter the withdrawals:\n  ${brokenBy(withdrawals).join('\n  ')}`);
    }
    const exitCode = failed.length > 0 || broken.length > 0 ? 1 : 0;
    const resultsFile = path.relative(process.cwd(), RESULTS_FILE);
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      cpuBusyBeforeRun: busyBefore,
      secondsPerScenario: seconds,
      argon2Seconds: argon2Seconds(seconds),
      largeTradesTable: bigTrades,
      withdrawalSizes: options.withdrawals,
      groups: [...options.groups],
      rows,
      budgets,
      approvals,
      withdrawals,
      cluster,
      events,
      memory,
      failedScenarios: failed,
    };
    if (options.out !== undefined) {
      writeResults(results, options.out);
      console.log(`\nThis run's results written to ${options.out}`);
    }
    if (partial) {
      // The last full run stays in the results file; a partial one would replace it with less.
      console.log(`\nOnly ${[...options.groups].join(', ')}: ${resultsFile} left as it was.`);
      return exitCode;
    }
    writeResults(results);
    console.log(`\nResults written to ${resultsFile}`);
    return exitCode;
  } finally {
    await stack.stop();
  }
}

process.exit(await main());
