/**
 * The cluster group of `npm run bench` (decision 034): trade history and withdrawal requests through
 * nginx (deploy/nginx.conf) with one and then with two API processes, each time on a fresh
 * cluster (cluster/support/start-cluster.ts, from the build `npm run bench` has just made), so
 * the scale factor is measured. No payout worker runs: its payouts would share the cores being
 * measured. For each run it also records where the CPU went, per request, by part of the system:
 * that is what says why two processes do not double the rate on two cores, and what more cores
 * would give.
 */
import { startCluster, type Cluster } from '../../cluster/support/start-cluster';
import { connectDatabase, hashSecret, findFreePort } from '@karta/api/harness';
import { cpuMsPerRequest, sampleCpu, type CpuPart } from './cpu-split';
import { runLoad, type LoadResult } from './load';
import { FAST_CONNECTIONS, findRow, toRow, type Budget, type Row } from './scenario';
import { loginAll, loginForToken } from './stack';
import {
  BENCH_PASSWORD,
  insertBenchPeople,
  insertLightUserTrades,
  tradeHistoryUrl,
} from './trades-seed';
import { acceptedOf, reportFailures, withdrawalBatch } from './withdrawals';
import {
  fundWithdrawers,
  gtbankId,
  insertWithdrawers,
  PARALLEL_CONNECTIONS,
  WARMUP_USERS,
  WITHDRAWAL_PIN,
  WITHDRAWER_PASSWORD,
  type WithdrawalSizes,
} from './withdrawals-seed';

const API_PROCESS_COUNTS = [1, 2] as const;
/** Unwarmed processes, connections and nginx's keep-alive pool: not counted. */
const WARMUP_SECONDS = 2;

type CpuSplit = Record<CpuPart | 'machine', number>;

export interface ClusterRun {
  apiProcesses: number;
  history: Row;
  withdrawals: Row;
  /** CPU milliseconds per request, by part, during each scenario. */
  historyCpu: CpuSplit;
  withdrawalsCpu: CpuSplit;
}

const historyName = (processes: number) =>
  `cluster: trade history page 1 via nginx, ${processes} API process${processes > 1 ? 'es' : ''}`;
const withdrawalsName = (processes: number, users: number) =>
  `cluster: withdrawal requests via nginx (${users} users), ${processes} API process${processes > 1 ? 'es' : ''}`;

/** What the cluster's processes log goes nowhere unless the run fails. */
function quietLog(lines: string[]) {
  return (line: string) => {
    lines.push(line);
  };
}

async function measureOnCluster(
  cluster: Cluster,
  apiProcesses: number,
  options: { seconds: number; ceiling: number; sizes: WithdrawalSizes },
): Promise<ClusterRun> {
  const database = connectDatabase(cluster.databaseUrl, 2);
  const apiPids = cluster.apis.flatMap(({ process }) => (process.pid ? [process.pid] : []));
  try {
    const people = await insertBenchPeople(database.db, await hashSecret(BENCH_PASSWORD));
    await insertLightUserTrades(database.db, people);
    const withdrawers = await insertWithdrawers(database.db, {
      passwordHash: await hashSecret(WITHDRAWER_PASSWORD),
      pinHash: await hashSecret(WITHDRAWAL_PIN),
      sizes: options.sizes,
    });
    await fundWithdrawers(database.db, withdrawers);

    const token = await loginForToken(cluster.url, people.light.email, BENCH_PASSWORD);
    const historySpec = {
      method: 'GET' as const,
      connections: FAST_CONNECTIONS,
      seconds: options.seconds,
      url: tradeHistoryUrl(cluster.url, people.light.id, 1),
      headers: { authorization: token },
    };
    const name = historyName(apiProcesses);
    console.log(`  ${name}: ${FAST_CONNECTIONS} connections, ${options.seconds} s`);
    await runLoad({ ...historySpec, seconds: WARMUP_SECONDS });
    const historyBefore = sampleCpu(apiPids);
    const history = await runLoad(historySpec);
    const historyCpu = cpuMsPerRequest(historyBefore, sampleCpu(apiPids), history.total);

    const users = [...withdrawers.warmUp, ...withdrawers.parallel];
    const tokens = await loginAll(
      cluster.url,
      users.map((user) => user.email),
      WITHDRAWER_PASSWORD,
    );
    const signedIn = users.map((user, i) => ({ id: user.id, token: tokens[i] ?? '' }));
    const bankId = await gtbankId(cluster.url, signedIn[0]?.token ?? '');
    const batch = (slice: typeof signedIn, firstAccount: number, keyPrefix: string) =>
      withdrawalBatch(cluster.url, {
        users: slice,
        bankId,
        firstAccount,
        keyPrefix,
        connections: Math.min(PARALLEL_CONNECTIONS, slice.length),
      });
    reportFailures(
      'cluster warm-up',
      await runLoad(batch(signedIn.slice(0, WARMUP_USERS), 0, 'cluster-warm-up')),
    );
    const withdrawalRow = withdrawalsName(apiProcesses, options.sizes.users);
    console.log(`  ${withdrawalRow}: ${PARALLEL_CONNECTIONS} connections`);
    const withdrawalsBefore = sampleCpu(apiPids);
    const withdrawals: LoadResult = await runLoad(
      batch(signedIn.slice(WARMUP_USERS), WARMUP_USERS, 'cluster-parallel'),
    );
    const withdrawalsCpu = cpuMsPerRequest(
      withdrawalsBefore,
      sampleCpu(apiPids),
      acceptedOf(withdrawals),
    );
    reportFailures(withdrawalRow, withdrawals);
    return {
      apiProcesses,
      history: toRow(name, FAST_CONNECTIONS, history, options.ceiling),
      withdrawals: toRow(withdrawalRow, PARALLEL_CONNECTIONS, withdrawals, options.ceiling),
      historyCpu,
      withdrawalsCpu,
    };
  } finally {
    await database.close();
  }
}

/** One fresh cluster per process count, measured, then stopped. */
export async function runClusterScenarios(options: {
  seconds: number;
  ceiling: number;
  sizes: WithdrawalSizes;
}): Promise<ClusterRun[]> {
  const runs: ClusterRun[] = [];
  for (const apiProcesses of API_PROCESS_COUNTS) {
    console.log(`  (starting a cluster with ${apiProcesses} API process(es) behind nginx…)`);
    const lines: string[] = [];
    const cluster = await startCluster({
      port: await findFreePort(),
      apiProcesses,
      workerProcesses: 0,
      // The API's scale factor, comparable with earlier runs: one PostgreSQL, no replica.
      database: 'single',
      // The per-IP limit would answer 429 to the whole load from 127.0.0.1.
      env: { RATE_LIMIT_MAX: '100000000', LOG_LEVEL: 'warn' },
      log: quietLog(lines),
    });
    try {
      runs.push(await measureOnCluster(cluster, apiProcesses, options));
    } catch (error) {
      console.log(lines.join('\n'));
      throw error;
    } finally {
      await cluster.stop();
    }
  }
  return runs;
}

const formatSplit = (split: CpuSplit) =>
  Object.entries(split)
    .map(([part, ms]) => `${part} ${ms.toFixed(2)}`)
    .join(', ');

/** The CPU split per request, printed under the table: what bounds the scale factor. */
export function describeClusterCpu(runs: ClusterRun[]): string {
  return runs
    .flatMap((run) => [
      `  ${run.apiProcesses} API: trade history, CPU ms a request: ${formatSplit(run.historyCpu)}`,
      `  ${run.apiProcesses} API: withdrawal request, CPU ms a request: ${formatSplit(run.withdrawalsCpu)}`,
    ])
    .join('\n');
}

/**
 * The scale factor (two processes ÷ one) for each scenario, and what the measured CPU split
 * predicts for a machine with more cores: the load generator on another machine, the rest
 * spread over every core, each request costing what it cost here.
 */
export function checkClusterBudgets(rows: Row[], runs: ClusterRun[], sizes: WithdrawalSizes) {
  const factor = (one: string, two: string) =>
    findRow(rows, one).requestsPerSecond / Math.max(1, findRow(rows, two).requestsPerSecond);
  const two = runs.find((run) => run.apiProcesses === 2);
  const serverMs = (split: CpuSplit | undefined) =>
    split ? split['API processes'] + split.PostgreSQL + split.nginx : 0;
  const perCore = (split: CpuSplit | undefined) =>
    serverMs(split) > 0 ? 1000 / serverMs(split) : 0;
  const budgets: Budget[] = [
    {
      name: 'cluster scale factor, trade history (2 API processes ÷ 1)',
      value: factor(historyName(2), historyName(1)),
      limit: 'reported; 2 cores shared with PostgreSQL, nginx and the load generator',
      ok: true,
    },
    {
      name: 'cluster scale factor, withdrawal requests (2 API processes ÷ 1)',
      value: factor(withdrawalsName(2, sizes.users), withdrawalsName(1, sizes.users)),
      limit: 'reported; argon2id already runs on libuv threads across both cores',
      ok: true,
    },
    {
      name: 'predicted trade history req/s per server core (1000 ÷ API+PostgreSQL+nginx CPU ms)',
      value: perCore(two?.historyCpu),
      limit: 'reported',
      ok: true,
    },
    {
      name: 'predicted withdrawal requests/s per server core (the same)',
      value: perCore(two?.withdrawalsCpu),
      limit: 'reported',
      ok: true,
    },
  ];
  return budgets;
}
