import { readFileSync } from 'node:fs';

const KB_PER_MB = 1024;

/**
 * A memory line of /proc/PID/status in MB: VmRSS (resident now) or VmHWM (the peak resident
 * set). `self` for this process; null where there is no /proc (off Linux) or no such process.
 */
export function processMemoryMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / KB_PER_MB : null;
  } catch {
    return null;
  }
}
