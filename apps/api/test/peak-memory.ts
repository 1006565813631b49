import { readFileSync, writeFileSync } from 'node:fs';

/*
 * This process's peak resident memory (Linux). Vitest runs each test file in a process of its
 * own, so the app under test is this process. `/proc/self/status` keeps the peak (VmHWM) since
 * the last reset, so a decode that spikes and frees again between two samples is still seen.
 */

const MB = 1024 * 1024;

const statusKb = (field: string) => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync('/proc/self/status', 'utf8'),
  );
  if (!match?.[1]) throw new Error(`no ${field} in /proc/self/status`);
  return Number(match[1]) * 1024;
};

/** Runs `work` and answers how far resident memory rose above where it stood, in MB. */
export async function peakGrowthMb<T>(work: () => Promise<T>): Promise<{ result: T; mb: number }> {
  // Writing 5 to clear_refs sets the peak back to the memory resident now (proc(5)).
  writeFileSync('/proc/self/clear_refs', '5');
  const before = statusKb('VmRSS');
  const result = await work();
  return { result, mb: Math.round((statusKb('VmHWM') - before) / MB) };
}
