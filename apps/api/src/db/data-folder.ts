import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StartupError } from '../lib/startup-error';
import { KARTA_VAR_DIR, type PostgresOwner } from './postgres-binaries';

/**
 * Whether a process still runs (signal 0 checks without sending anything). A zombie does not:
 * it has exited and only waits for its parent to collect it; an orphan's new parent (PID 1 of
 * a container) may take its time, or never do it.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return stateOf(pid) !== 'Z';
}

/** The state letter of /proc/<pid>/stat (R, S, Z…), where /proc shows it. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/** How long a killed postmaster may take to be gone before we judge its pid file. */
const EXIT_WAIT_MS = 10_000;

/** The pid on a pid file's first line, if there is such a file. */
function pidIn(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** A process's command line, where /proc shows it (Linux); undefined elsewhere. */
function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/** Whether `owner` may pass through every folder from / down to `dir` (mode bits). */
function canTraverse(dir: string, owner: PostgresOwner): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    const { mode, uid, gid } = statSync(at);
    const bit = uid === owner.uid ? 0o100 : gid === owner.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return false;
    if (at === path.dirname(at)) return true;
  }
}

/** Where the cluster of a DATA_DIR the `postgres` user cannot reach is kept instead. */
export const relocatedClusterDir = (dataDir: string) =>
  path.join(
    KARTA_VAR_DIR,
    'clusters',
    createHash('sha256').update(dataDir).digest('hex').slice(0, 16),
  );

/**
 * The cluster lives in DATA_DIR/pg. When we are root, the `postgres` user must pass through
 * DATA_DIR (which we open with o+x: Karta made it) and every folder above it; a clone in
 * /root/karta has /root (mode 700) above it, and we do not open a user's home folder. Its
 * cluster then goes to /var/lib/karta/clusters/<hash of DATA_DIR>, said in a log line.
 */
export function clusterDirFor(
  dataDir: string,
  owner: PostgresOwner | undefined,
  log: (line: string) => void,
): string {
  mkdirSync(dataDir, { recursive: true });
  const inside = path.join(dataDir, 'pg');
  if (!owner) return inside;
  const mode = statSync(dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(dataDir, (mode & 0o777) | 0o711);
  if (canTraverse(dataDir, owner)) return inside;
  const relocated = relocatedClusterDir(dataDir);
  mkdirSync(path.dirname(relocated), { recursive: true, mode: 0o755 });
  log(`the postgres user cannot reach ${dataDir}: its PostgreSQL cluster is kept in ${relocated}`);
  return relocated;
}

/** DATA_DIR/karta.pid: the pid of the Karta that runs the data folder's PostgreSQL. */
const lockFileOf = (dataDir: string) => path.join(dataDir, 'karta.pid');

/**
 * The pid of another Karta that holds the data folder and still runs, if one does. A recycled
 * pid (after a reboot) is not a Karta: where /proc tells, it must be Node.
 */
export function otherKartaHolding(dataDir: string): number | undefined {
  const holder = pidIn(lockFileOf(dataDir));
  if (holder === undefined || holder === process.pid || !isRunning(holder)) return undefined;
  return (commandLineOf(holder)?.includes('node') ?? true) ? holder : undefined;
}

/**
 * One Karta per data folder: DATA_DIR/karta.pid names the Karta that runs it. A live one stops
 * this start; a dead one (kill -9) is simply replaced. Returns the release.
 */
export function claimDataFolder(dataDir: string): () => void {
  const lockFile = lockFileOf(dataDir);
  const holder = otherKartaHolding(dataDir);
  if (holder !== undefined) {
    throw new StartupError(
      `the data folder ${dataDir} is in use by another Karta (pid ${holder})`,
      `Stop that Karta first (Ctrl+C in its terminal, or kill ${holder}), or give this one its own folder with DATA_DIR=<folder>.`,
    );
  }
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    if (pidIn(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
}

/**
 * A PostgreSQL still running the cluster when no Karta holds the data folder was left by a
 * Karta killed with kill -9 (the postmaster outlives its parent). It is ours, and nobody else
 * can use it: stop it (fast shutdown), so this start can run its own. A pid file whose process
 * is gone, or is a zombie (PostgreSQL's own check takes a zombie for alive), is removed, as is
 * one whose pid now belongs to a process that is not this cluster's postmaster (pid recycled).
 */
export async function stopLeftoverPostmaster(clusterDir: string, log: (line: string) => void) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const pid = pidIn(pidFile);
  if (pid === undefined) return;
  // Killed a moment ago (kill -9 of the process group) and still exiting: its command line
  // already reads empty. Give it the moment.
  const deadline = Date.now() + EXIT_WAIT_MS;
  while (isRunning(pid) && commandLineOf(pid) === '' && Date.now() < deadline) await sleep(50);
  if (!isRunning(pid)) {
    removeStaleLocks(clusterDir, pid);
    return;
  }
  const commandLine = commandLineOf(pid);
  if (
    commandLine !== undefined &&
    !(commandLine.includes('postgres') && commandLine.includes(clusterDir))
  ) {
    removeStaleLocks(clusterDir, pid);
    return;
  }
  log(`stopping the PostgreSQL (pid ${pid}) a previous Karta left running on ${clusterDir}`);
  await stopPostmaster(pid);
}

/**
 * The dead postmaster's pid file and the lock file of its Unix socket (in the cluster's folder,
 * decision 044): PostgreSQL takes a zombie's pid for a live postmaster and would refuse to start
 * on either. Only the locks that name that pid go, with their sockets.
 */
function removeStaleLocks(clusterDir: string, pid: number) {
  rmSync(path.join(clusterDir, 'postmaster.pid'), { force: true });
  for (const name of readdirSync(clusterDir)) {
    if (!/^\.s\.PGSQL\.\d+\.lock$/.test(name)) continue;
    const lockFile = path.join(clusterDir, name);
    if (pidIn(lockFile) !== pid) continue;
    rmSync(lockFile, { force: true });
    rmSync(lockFile.slice(0, -'.lock'.length), { force: true });
  }
}

/** SIGINT is PostgreSQL's fast shutdown; SIGQUIT, its immediate one, if that takes too long. */
export async function stopPostmaster(pid: number, timeoutMs = 30_000) {
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid) && Date.now() < deadline) await sleep(50);
  if (!isRunning(pid)) return;
  process.kill(pid, 'SIGQUIT');
  while (isRunning(pid)) await sleep(50);
}

/** A cluster written by another major PostgreSQL cannot be opened by ours. */
export function checkClusterVersion(clusterDir: string, dataDir: string, major: number) {
  const file = path.join(clusterDir, 'PG_VERSION');
  if (!existsSync(file)) return;
  const written = Number.parseInt(readFileSync(file, 'utf8'), 10);
  if (written === major) return;
  const hint =
    written > major
      ? 'Start it with the newer Karta that wrote it, or move the folder aside (or set DATA_DIR=<folder>) to start with an empty database.'
      : 'Export it with that version (pg_dump) and import it here, or move the folder aside (or set DATA_DIR=<folder>) to start with an empty database.';
  throw new StartupError(
    `the data folder ${dataDir} was written by PostgreSQL ${written}, and this Karta runs PostgreSQL ${major}`,
    hint,
  );
}
