import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  connectDatabase,
  findFreePort,
  findLedgerProblems,
  postgresOwner,
} from '@karta/api/harness';
import { pgbackrest, takeBackup } from './pgbackrest';
import { restoreToTime, type RestoredNode } from './restore';
import { REPO_ROOT, SYSTEM_PATH } from './paths';

const run = promisify(execFile);

export interface RestoreReport {
  to: Date;
  seconds: number;
  node: RestoredNode;
  /** The ledger checks of docs/deploy.md on the restored copy: each list empty when it holds. */
  ledgerProblems: Record<string, unknown[]>;
  counts: { withdrawals: number; trades: number; lastWithdrawalAt: string | null };
  /** after-restore's answer: exit code 0 (nothing ahead) or 3 (listed), and what it printed. */
  providerAhead: { exitCode: number; output: string };
}

/** What a running cluster's folder says of itself: its write port, superuser, backups. */
function readClusterFolder(folder: string) {
  const { processes } = JSON.parse(readFileSync(path.join(folder, 'cluster.json'), 'utf8')) as {
    processes: { kind: string; ports: Record<string, number> }[];
  };
  const writePort = processes.find((each) => each.kind === 'haproxy')?.ports.write;
  const patroni = JSON.parse(readFileSync(path.join(folder, 'pg-1', 'patroni.yml'), 'utf8')) as {
    postgresql: { authentication: { superuser: { password: string } } };
  };
  if (!writePort)
    throw new Error(`${folder}/cluster.json names no HAProxy: is it a replicated cluster?`);
  const superuserPassword = patroni.postgresql.authentication.superuser.password;
  return {
    superuserPassword,
    liveUrl: `postgres://postgres:${superuserPassword}@127.0.0.1:${writePort}/karta`,
    backups: {
      configFile: path.join(folder, 'pgbackrest', 'pgbackrest.conf'),
      repository: path.join(folder, 'pgbackrest', 'repo'),
      owner: postgresOwner(),
    },
  };
}

/** `npm run cluster -- backup`: a base backup of the running cluster, recorded for /metrics. */
export function backupRunningCluster(folder: string, type: 'full' | 'diff' | 'incr') {
  const { backups, liveUrl } = readClusterFolder(folder);
  return takeBackup(backups, type, liveUrl);
}

/**
 * `npm run cluster -- restore --to <time>`, as the restore runbook (docs/deploy.md) does it:
 * point-in-time recovery of the cluster's backups into a scratch node, the ledger checks on it,
 * what it holds, and the withdrawals the payout provider knows of but the restored copy does not
 * (the API's after-restore command, asked with the live cluster's configuration, where the
 * sandbox provider keeps its state).
 */
export async function restoreCluster(options: {
  folder: string;
  to: Date;
}): Promise<RestoreReport> {
  const { backups, liveUrl, superuserPassword } = readClusterFolder(options.folder);
  // The WAL up to now archived (check switches to a new segment and waits for the old one), so
  // a moment seconds ago can be reached too.
  await pgbackrest(backups, ['check']);
  const node = await restoreToTime({
    backups,
    folder: options.folder,
    port: await findFreePort(),
    to: options.to,
    superuserPassword,
  });
  try {
    const restored = connectDatabase(node.url('karta'), 1, () => undefined);
    let ledgerProblems: Record<string, unknown[]>;
    let counts: RestoreReport['counts'];
    try {
      ledgerProblems = await findLedgerProblems(restored.db);
      const { rows } = await restored.pool.query<{
        withdrawals: number;
        trades: number;
        last_withdrawal_at: Date | null;
      }>(`select (select count(*)::int from withdrawals) as withdrawals,
                 (select count(*)::int from trades) as trades,
                 (select max(created_at) from withdrawals) as last_withdrawal_at`);
      const [row] = rows;
      counts = {
        withdrawals: row?.withdrawals ?? 0,
        trades: row?.trades ?? 0,
        lastWithdrawalAt: row?.last_withdrawal_at?.toISOString() ?? null,
      };
    } finally {
      await restored.close();
    }
    const providerAhead = await run(
      process.execPath,
      [
        path.join(REPO_ROOT, 'apps/api/dist/after-restore.js'),
        '--restored',
        node.url('karta'),
        '--since',
        options.to.toISOString(),
      ],
      { cwd: REPO_ROOT, env: { PATH: SYSTEM_PATH, DATABASE_URL: liveUrl, LOG_LEVEL: 'warn' } },
    ).then(
      ({ stdout }) => ({ exitCode: 0, output: stdout }),
      (error: unknown) => {
        const failed = error as { code?: unknown; stdout?: string; stderr?: string };
        return {
          exitCode: typeof failed.code === 'number' ? failed.code : 1,
          output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
        };
      },
    );
    return { to: options.to, seconds: node.seconds, node, ledgerProblems, counts, providerAhead };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** The report as the restore command prints it. */
export function describeRestore(report: RestoreReport): string {
  const failing = Object.entries(report.ledgerProblems).filter(([, rows]) => rows.length > 0);
  const checks = Object.keys(report.ledgerProblems).length;
  return [
    `restore: replayed to ${report.to.toISOString()} in ${report.seconds.toFixed(1)} s`,
    `  scratch node   ${report.node.url('karta').replace(/:[^:@/]+@/, ':***@')}`,
    `  ledger checks  ${checks - failing.length} of ${checks} hold${failing.map(([name, rows]) => `\n    FAILS: ${name} (${rows.length})`).join('')}`,
    `  withdrawals    ${report.counts.withdrawals} (last at ${report.counts.lastWithdrawalAt ?? 'none'})`,
    `  trades         ${report.counts.trades}`,
    report.providerAhead.exitCode === 0
      ? '  payout provider: nothing it paid is missing from the restored copy'
      : `  payout provider is ahead (after-restore exit ${report.providerAhead.exitCode}):\n${report.providerAhead.output.trimEnd()}`,
  ].join('\n');
}
