import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const READY_TIMEOUT_MS = 120_000;
/** Longer than any process's own shutdown (the worker's job grace plus its pool's close). */
const STOP_TIMEOUT_MS = 30_000;

interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  /** Unset: this process's own environment (nginx, Redis). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Who the process runs as (PostgreSQL and Patroni refuse root); unset: as we are. */
  user?: { uid: number; gid: number };
  logFile: string;
  /** True once the process serves (given what it logged since this start); polled. */
  isReady: (logSinceStart: string) => Promise<boolean>;
}

/** The last lines of a log, for an error that says why a process did not come up. */
function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * One process of the cluster: started, watched until ready, signalled and started again on
 * demand (the tests kill and restart them), its output appended to its own log file.
 */
export class ManagedProcess {
  private child: ChildProcess | undefined;

  constructor(readonly spec: ProcessSpec) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get isRunning(): boolean {
    return this.child !== undefined && !hasExited(this.child);
  }

  async start(): Promise<void> {
    if (this.isRunning) return;
    const log = openSync(this.spec.logFile, 'a');
    const logStart = statSync(this.spec.logFile).size;
    const logSinceStart = () => readFileSync(this.spec.logFile).subarray(logStart).toString();
    const child = spawn(this.spec.command, this.spec.args, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      ...this.spec.user,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (hasExited(child)) {
        throw new Error(
          `${this.spec.name} exited before it was ready:\n${tail(this.spec.logFile)}`,
        );
      }
      if (await this.spec.isReady(logSinceStart()).catch(() => false)) return;
      await sleep(200);
    }
    throw new Error(`${this.spec.name} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
  }

  /** Sends `signal` and waits for the exit; its exit code, or null when a signal ended it. */
  async signal(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || hasExited(child)) return child?.exitCode ?? null;
    const exited = once(child, 'exit') as Promise<[number | null]>;
    child.kill(signal);
    const timedOut = await Promise.race([
      exited.then(() => false),
      sleep(STOP_TIMEOUT_MS, true, { ref: false }),
    ]);
    if (timedOut) {
      child.kill('SIGKILL');
      await exited;
    }
    return child.exitCode;
  }

  stop(): Promise<number | null> {
    return this.signal('SIGTERM');
  }
}
