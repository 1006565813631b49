import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { isRunning, stopLeftoverPostmaster } from './data-folder';

/**
 * A zombie: a child of perl (Debian's perl-base, always installed) that exits at once, while
 * its parent says its pid and sleeps without ever collecting it. (A shell that starts
 * `sleep 0 &` and then execs `sleep 5` raced: under load the shell could collect the child
 * before its exec, and there was no zombie.) Resolves with its pid.
 */
async function zombie(): Promise<{ pid: number; stop: () => void }> {
  const script = '$| = 1; my $pid = fork(); exit 0 if $pid == 0; print "$pid\n"; sleep 5;';
  const parent = spawn('perl', ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [chunk] = (await once(parent.stdout, 'data')) as [Buffer];
  const pid = Number(chunk.toString().trim());
  return { pid, stop: () => parent.kill('SIGKILL') };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('a postmaster a killed Karta left behind', () => {
  it('takes a zombie for gone: it has exited, only its parent has not collected it', async () => {
    const { pid, stop } = await zombie();
    cleanups.push(stop);
    // Until `sleep 0` has exited, it runs.
    const deadline = Date.now() + 5_000;
    while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(isRunning(pid)).toBe(false);
    // Signal 0 still reaches it: PostgreSQL's own lock check would call it alive.
    expect(() => process.kill(pid, 0)).not.toThrow();
    expect(isRunning(process.pid)).toBe(true);
  });

  it("removes a pid file naming a zombie, which PostgreSQL's own check would take for alive", async () => {
    const clusterDir = mkdtempSync(path.join(tmpdir(), 'karta-cluster-'));
    cleanups.push(() => {
      rmSync(clusterDir, { recursive: true, force: true });
    });
    const { pid, stop } = await zombie();
    cleanups.push(stop);
    const pidFile = path.join(clusterDir, 'postmaster.pid');
    writeFileSync(pidFile, `${pid}\n${clusterDir}\n`);
    // Its Unix socket's lock names it too, and PostgreSQL refuses to start on that as well; a
    // lock another postmaster holds (here: a live pid) is not ours to touch.
    const socketLock = path.join(clusterDir, '.s.PGSQL.5433.lock');
    writeFileSync(socketLock, `${pid}\n${clusterDir}\n`);
    writeFileSync(path.join(clusterDir, '.s.PGSQL.5433'), '');
    const otherLock = path.join(clusterDir, '.s.PGSQL.5434.lock');
    writeFileSync(otherLock, `${process.pid}\n${clusterDir}\n`);
    const lines: string[] = [];
    await stopLeftoverPostmaster(clusterDir, (line) => lines.push(line));
    expect(existsSync(pidFile)).toBe(false);
    expect(existsSync(socketLock)).toBe(false);
    expect(existsSync(path.join(clusterDir, '.s.PGSQL.5433'))).toBe(false);
    expect(existsSync(otherLock)).toBe(true);
    expect(lines).toEqual([]);
  });

  it('removes a pid file whose pid now belongs to a process that is not this cluster’s postmaster', async () => {
    const clusterDir = mkdtempSync(path.join(tmpdir(), 'karta-cluster-'));
    cleanups.push(() => {
      rmSync(clusterDir, { recursive: true, force: true });
    });
    const pidFile = path.join(clusterDir, 'postmaster.pid');
    // A recycled pid: a live process that is not a postmaster of this cluster.
    writeFileSync(pidFile, `${process.pid}\n${clusterDir}\n`);
    await stopLeftoverPostmaster(clusterDir, () => undefined);
    expect(existsSync(pidFile)).toBe(false);
    expect(isRunning(process.pid)).toBe(true);
  });
});
