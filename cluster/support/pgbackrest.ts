import { execFile } from 'node:child_process';
import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { connectDatabase } from '@karta/api/harness';
import { type DatabaseNode, type Owner, STANZA } from './patroni';
import { SYSTEM_PATH } from './paths';

const PGBACKREST = '/usr/bin/pgbackrest';
const run = promisify(execFile);

export interface Backups {
  /** pgBackRest's configuration file, which every node's archive command names. */
  configFile: string;
  /** The repository: a folder here (decision 067 says why not the S3 emulator). */
  repository: string;
  owner: Owner | undefined;
}

/**
 * pgBackRest's configuration for the cluster: base backups and every WAL segment in one
 * repository, kept 14 days (a restore to any second of them), both nodes named so that a backup
 * finds the primary wherever it is now.
 */
export function backupsFor(options: {
  folder: string;
  nodes: DatabaseNode[];
  owner: Owner | undefined;
}): Backups {
  const home = path.join(options.folder, 'pgbackrest');
  const dirs = ['repo', 'log', 'lock', 'spool'].map((name) => path.join(home, name));
  for (const dir of [home, ...dirs]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (options.owner) chownSync(dir, options.owner.uid, options.owner.gid);
  }
  const [repository = '', log, lock, spool] = dirs;
  const configFile = path.join(home, 'pgbackrest.conf');
  writeFileSync(
    configFile,
    [
      '[global]',
      `repo1-path=${repository}`,
      'repo1-retention-full-type=time',
      'repo1-retention-full=14',
      'compress-type=zst',
      'start-fast=y',
      `log-path=${log}`,
      `lock-path=${lock}`,
      `spool-path=${spool}`,
      'log-level-console=warn',
      'log-level-file=info',
      '',
      `[${STANZA}]`,
      ...options.nodes.flatMap((node, i) => [
        `pg${i + 1}-path=${node.dataDir}`,
        `pg${i + 1}-port=${node.pgPort}`,
        `pg${i + 1}-socket-path=${node.socketDir}`,
      ]),
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  return { configFile, repository, owner: options.owner };
}

/** Runs pgBackRest as the database's owner; its output, or an error with pgBackRest's words. */
export async function pgbackrest(backups: Backups, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(
      PGBACKREST,
      [`--config=${backups.configFile}`, `--stanza=${STANZA}`, ...args],
      { ...backups.owner, cwd: '/', env: { PATH: SYSTEM_PATH }, maxBuffer: 16 << 20 },
    );
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`pgbackrest ${args.join(' ')} failed: ${(stderr || stdout || '').trim()}`, {
      cause: error,
    });
  }
}

export interface BackupInfo {
  label: string;
  type: 'full' | 'diff' | 'incr';
  startedAt: Date;
  finishedAt: Date;
}

/**
 * A base backup from the primary; what pgBackRest recorded of it. With `recordIn` (a URL of the
 * app's database), the finished backup is also written to `database_backups`, whose newest row
 * the API's /metrics reports as the last successful backup's age (decision 068).
 */
export async function takeBackup(
  backups: Backups,
  type: 'full' | 'diff' | 'incr' = 'full',
  recordIn?: string,
): Promise<BackupInfo> {
  await pgbackrest(backups, [`--type=${type}`, 'backup']);
  const info = JSON.parse(await pgbackrest(backups, ['--output=json', 'info'])) as {
    backup: {
      label: string;
      type: BackupInfo['type'];
      timestamp: { start: number; stop: number };
    }[];
  }[];
  const last = info[0]?.backup.at(-1);
  if (!last) throw new Error('pgbackrest lists no backup after taking one');
  const taken = {
    label: last.label,
    type: last.type,
    startedAt: new Date(last.timestamp.start * 1000),
    finishedAt: new Date(last.timestamp.stop * 1000),
  };
  if (recordIn) {
    const database = connectDatabase(recordIn, 1, () => undefined);
    try {
      await database.pool.query(
        'insert into database_backups (label, kind, started_at, finished_at) values ($1, $2, $3, $4)',
        [taken.label, taken.type, taken.startedAt, taken.finishedAt],
      );
    } finally {
      await database.close();
    }
  }
  return taken;
}
