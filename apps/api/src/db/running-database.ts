import { chmodSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { StartupError } from '../lib/startup-error';
import { readClusterPassword } from './cluster-password';
import { otherKartaHolding } from './data-folder';
import { superuserUrl, type EmbeddedConnection } from './embedded';

/**
 * Decision 058: a short program run while a Karta runs the same data folder (`npm run
 * create-admin` beside `npm start`) joins that Karta's PostgreSQL instead of stopping at the
 * folder's lock (karta.pid). The running Karta says where its PostgreSQL takes connections in
 * DATA_DIR/running-database.json, mode 600, once it is migrated, and removes it when it stops.
 * The file holds no password: that stays in DATA_DIR/postgres-password alone (decision 054).
 */
const recordFile = (dataDir: string) => path.join(dataDir, 'running-database.json');

const RecordSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  database: z.string().min(1),
});

function readRecord(file: string): z.infer<typeof RecordSchema> | undefined {
  try {
    const parsed = RecordSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Says where this process's PostgreSQL takes connections; returns the removal. */
export function recordRunningDatabase(dataDir: string, connection: EmbeddedConnection) {
  const file = recordFile(dataDir);
  // Written whole or not at all: a reader never sees half a file.
  const written = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(written, `${JSON.stringify({ pid: process.pid, ...connection })}\n`, {
    mode: 0o600,
  });
  chmodSync(written, 0o600);
  renameSync(written, file);
  return () => {
    if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}

/**
 * The PostgreSQL another live Karta runs on this data folder: its URL, once that Karta has said
 * where it listens (one still starting has not yet) and if its password file is ours to read.
 * Undefined when no other Karta holds the folder.
 */
export function runningDatabaseOf(
  dataDir: string,
): { pid: number; url: string | undefined } | undefined {
  const holder = otherKartaHolding(dataDir);
  if (holder === undefined) return undefined;
  const record = readRecord(recordFile(dataDir));
  const password = readClusterPassword(dataDir);
  // A record left by a Karta killed with -9 names a pid that no longer holds the folder.
  if (record?.pid !== holder || password === undefined) return { pid: holder, url: undefined };
  return { pid: holder, url: superuserUrl(record, password) };
}

/** A Karta holds the folder but cannot be joined: say to wait for it, or to stop it. */
export const cannotJoinRunningKarta = (dataDir: string, pid: number) =>
  new StartupError(
    `the data folder ${dataDir} is in use by another Karta (pid ${pid}) whose database cannot be joined yet (still starting, or started by an older version)`,
    `Run this again once that Karta says it is running, or stop it first (Ctrl+C in its terminal, or kill ${pid}).`,
  );
