/**
 * Where the CPU went during a scenario, by part of the system: read from /proc before and after,
 * so a scale factor short of the number of processes can be explained by what shares the cores.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every common build. */
const TICKS_PER_SECOND = 100;

export type CpuPart = 'API processes' | 'PostgreSQL' | 'nginx' | 'load generator' | 'other';

export interface CpuSample {
  ticks: Map<CpuPart, number>;
  /** Busy ticks of the whole machine, every core. */
  machineBusy: number;
}

interface ProcessTimes {
  command: string;
  own: number;
  /** Children this process has waited for (a finished load generator ends up here). */
  children: number;
}

/** `pid (comm) state ppid …`: comm may hold spaces, so the fields are counted after its ')'. */
function readProcessTimes(pid: number): ProcessTimes | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const command = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat
      .slice(close + 2)
      .split(' ')
      .map(Number);
    // After the comm: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
    return {
      command,
      own: (fields[11] ?? 0) + (fields[12] ?? 0),
      children: (fields[13] ?? 0) + (fields[14] ?? 0),
    };
  } catch {
    // The process ended between listing and reading.
    return undefined;
  }
}

function machineBusyTicks(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  // cpu user nice system idle iowait irq softirq steal …: busy is all but idle and iowait.
  const values = (cpu ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  return total - (values[3] ?? 0) - (values[4] ?? 0);
}

/** The API processes by pid; PostgreSQL and nginx by name; the load generator as our children. */
export function sampleCpu(apiPids: number[]): CpuSample {
  const ticks = new Map<CpuPart, number>();
  const add = (part: CpuPart, value: number) => ticks.set(part, (ticks.get(part) ?? 0) + value);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const times = readProcessTimes(pid);
    if (!times) continue;
    if (apiPids.includes(pid)) add('API processes', times.own);
    else if (times.command.startsWith('postgres')) add('PostgreSQL', times.own);
    else if (times.command === 'nginx') add('nginx', times.own);
    else if (pid === process.pid) add('load generator', times.own + times.children);
  }
  return { ticks, machineBusy: machineBusyTicks() };
}

/** CPU milliseconds per request for each part over the scenario, and for the whole machine. */
export function cpuMsPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): Record<CpuPart | 'machine', number> {
  const perRequest = (ticks: number) =>
    requests > 0 ? (ticks * 1000) / TICKS_PER_SECOND / requests : 0;
  const delta = (part: CpuPart) => (after.ticks.get(part) ?? 0) - (before.ticks.get(part) ?? 0);
  const machine = after.machineBusy - before.machineBusy;
  const parts: CpuPart[] = ['API processes', 'PostgreSQL', 'nginx', 'load generator'];
  const known = parts.reduce((sum, part) => sum + delta(part), 0);
  return {
    'API processes': perRequest(delta('API processes')),
    PostgreSQL: perRequest(delta('PostgreSQL')),
    nginx: perRequest(delta('nginx')),
    'load generator': perRequest(delta('load generator')),
    other: perRequest(Math.max(0, machine - known)),
    machine: perRequest(machine),
  };
}
