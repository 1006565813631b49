/**
 * `--profile DIR` (issue 16): a V8 CPU profile of this process, which serves the API, for each
 * measured scenario (not its warm-up), written as DIR/<scenario>.cpuprofile. The load runs in a
 * child process (load.ts), so the profile holds the server's work and this process's idle
 * time only. Read one with `node --import tsx bench/api/profile-summary.ts FILE`, or open it in
 * Chrome's DevTools. Off unless asked for: sampling costs a few per cent of throughput.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

let profileDir: string | undefined;

export function enableProfiles(dir: string): void {
  mkdirSync(dir, { recursive: true });
  profileDir = dir;
}

/** A file name from a scenario's name: `GET /api/v1/auth/current_user` → `get-api-v1-auth-current_user`. */
const profileFileName = (scenario: string) =>
  `${scenario
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')}.cpuprofile`;

/** Runs `work` under the CPU profiler when `--profile` was given, else just runs it. */
export async function profiled<T>(scenario: string, work: () => Promise<T>): Promise<T> {
  if (profileDir === undefined) return work();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path.join(profileDir, profileFileName(scenario)), JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}
