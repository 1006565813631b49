import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from './paths';

/**
 * Which process runs this checkout's `npm run cluster`, for `npm run cluster -- stop` (decision
 * 058). It is kept in the checkout's own `.data/` folder: the machine-wide file in the temporary
 * folder it used to be let one checkout's `stop` end another checkout's cluster (or, with a
 * recycled pid, any process of the same user).
 */
export const clusterStateFile = (repoRoot: string = REPO_ROOT) =>
  path.join(repoRoot, '.data', 'cluster.pid');

/** When a process started (clock ticks since boot, field 22 of /proc's stat): with its pid, who. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: fields are counted after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readState(file: string): { pid: number; started: string } | undefined {
  try {
    const [pidLine = '', started = ''] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(pidLine);
    return Number.isInteger(pid) && pid > 0 ? { pid, started } : undefined;
  } catch {
    return undefined;
  }
}

/** Records `pid` (this process by default) as the checkout's cluster; returns the removal. */
export function recordRunningCluster(file: string, pid = process.pid): () => void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${String(pid)}\n${startTimeOf(pid) ?? ''}\n`);
  return () => {
    if (readState(file)?.pid === pid) rmSync(file, { force: true });
  };
}

/**
 * The recorded cluster's pid, if that process still runs and is the one recorded: a pid the
 * system gave to another process since (the cluster was killed with -9, the machine restarted)
 * started at another time.
 */
function runningClusterOf(file: string): number | undefined {
  const state = readState(file);
  if (!state || !isAlive(state.pid)) return undefined;
  const started = startTimeOf(state.pid);
  if (state.started && started !== undefined && started !== state.started) return undefined;
  return state.pid;
}

/** How long `stop` waits for the cluster to have stopped every process it runs. */
const STOP_WAIT_MS = 60_000;

/**
 * Asks the checkout's cluster to stop (SIGTERM: it stops every process it started, newest first)
 * and waits until it has. A record naming no running cluster is removed.
 */
export async function stopRunningCluster(
  file: string,
  log: (line: string) => void,
  waitMs = STOP_WAIT_MS,
): Promise<void> {
  const pid = runningClusterOf(file);
  if (pid === undefined) {
    rmSync(file, { force: true });
    log('cluster: none is running in this checkout');
    return;
  }
  process.kill(pid, 'SIGTERM');
  log(`cluster: asked the cluster (pid ${String(pid)}) to stop`);
  const deadline = Date.now() + waitMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) {
    log(`cluster: still stopping after ${String(waitMs / 1000)} s (pid ${String(pid)})`);
    return;
  }
  // The cluster removes its record as it ends; one killed half-way would leave it behind.
  if (readState(file)?.pid === pid) rmSync(file, { force: true });
  log('cluster: stopped');
}
