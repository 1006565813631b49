import { execFile } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { connectDatabase } from '@karta/api/harness';
import { type Backups, pgbackrest } from './pgbackrest';
import { POSTGRES_BIN } from './patroni';
import { SYSTEM_PATH } from './paths';

const run = promisify(execFile);

export interface RestoredNode {
  /** As the restored cluster's superuser, over its own socket folder's TCP twin on loopback. */
  url: (database: string) => string;
  dataDir: string;
  /** From the restore's start to the node's promotion, in seconds. */
  seconds: number;
  stop(): Promise<void>;
}

/**
 * Point-in-time recovery into a scratch node: pgBackRest restores the newest base backup taken
 * before `to` and configures WAL replay from the repository up to `to` (inclusive), then the node
 * promotes itself and opens for writes. The live cluster is not touched. What the scratch node
 * must not inherit from the node it was copied from is overridden on its command line: the port,
 * the archive (it must not push a second timeline into the live stanza) and the synchronous
 * standby it would wait for forever.
 */
export async function restoreToTime(options: {
  backups: Backups;
  folder: string;
  port: number;
  to: Date;
  superuserPassword: string;
}): Promise<RestoredNode> {
  const started = Date.now();
  const home = path.join(options.folder, `restore-${started}`);
  const dataDir = path.join(home, 'data');
  const socketDir = path.join(home, 'socket');
  for (const dir of [home, dataDir, socketDir]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (options.backups.owner) chownSync(dir, options.backups.owner.uid, options.backups.owner.gid);
  }
  await pgbackrest(options.backups, [
    `--pg1-path=${dataDir}`,
    '--type=time',
    `--target=${options.to.toISOString().replace('T', ' ').replace('Z', '+00')}`,
    '--target-action=promote',
    'restore',
  ]);
  const pgCtl = (args: string[]) =>
    run(path.join(POSTGRES_BIN, 'pg_ctl'), ['-D', dataDir, ...args], {
      ...options.backups.owner,
      cwd: '/',
      env: { PATH: SYSTEM_PATH, LANG: 'C.UTF-8' },
    });
  const settings = [
    `-c port=${options.port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${socketDir}`,
    '-c archive_mode=off',
    "-c synchronous_standby_names=''",
    "-c primary_conninfo=''",
    "-c primary_slot_name=''",
  ].join(' ');
  await pgCtl(['-l', path.join(home, 'postgres.log'), '-o', settings, '-w', '-t', '300', 'start']);
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(options.superuserPassword)}@127.0.0.1:${options.port}/${database}`;
  // Replay runs until the target, then the node promotes itself (recovery_target_action).
  const deadline = Date.now() + 300_000;
  for (;;) {
    const probe = connectDatabase(url('postgres'), 1, () => undefined);
    try {
      const { rows } = await probe.pool.query<{ recovering: boolean }>(
        'select pg_is_in_recovery() as recovering',
      );
      if (rows[0]?.recovering === false) break;
    } catch {
      // Still starting.
    } finally {
      await probe.close().catch(() => undefined);
    }
    // A replay that cannot reach the target (no WAL archived that far) ends the server.
    const isRunning = await pgCtl(['status']).then(
      () => true,
      () => false,
    );
    if (!isRunning || Date.now() > deadline) {
      const log = readFileSync(path.join(home, 'postgres.log'), 'utf8').trimEnd().split('\n');
      throw new Error(
        `the restored node did not reach ${options.to.toISOString()}:\n${log.slice(-8).join('\n')}`,
      );
    }
    await sleep(250);
  }
  return {
    url,
    dataDir,
    seconds: (Date.now() - started) / 1000,
    async stop() {
      await pgCtl(['-m', 'fast', '-w', 'stop']).catch(() => undefined);
    },
  };
}
