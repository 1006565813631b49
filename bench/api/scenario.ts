/** One HTTP scenario and one row of the table: what every scenario group shares. */
import { runLoad, type LoadResult, type LoadSpec } from './load';
import { profiled } from './profile';

/** The fast GET scenarios' connections. */
export const FAST_CONNECTIONS = 32;
/** JIT and connection set-up, run before the fast scenarios and not counted. */
const WARMUP_SECONDS = 1;

export interface HttpScenario {
  name: string;
  spec: LoadSpec;
  /** Worth it only where the request is cheap enough for JIT warm-up to show. */
  warmUp: boolean;
}

export interface Row {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** null where the scenario is not HTTP (argon2id in-process). */
  non2xx: number | null;
  errors: number | null;
  ratioToHelloWorld: number;
}

/** One line of the budgets list; budgets are reported, not enforced. */
export interface Budget {
  name: string;
  value: number;
  limit: string;
  ok: boolean;
}

export async function runHttpScenario(scenario: HttpScenario): Promise<LoadResult> {
  const { spec } = scenario;
  console.log(`  ${scenario.name}: ${spec.connections} connections, ${spec.seconds} s`);
  if (scenario.warmUp) await runLoad({ ...spec, seconds: WARMUP_SECONDS });
  return profiled(scenario.name, () => runLoad(spec), spec);
}

/** `ceiling` is hello-world's req/s, the yardstick of every row. */
export function toRow(
  scenario: string,
  connections: number,
  result: LoadResult,
  ceiling: number,
): Row {
  return {
    scenario,
    connections,
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    non2xx: result.non2xx,
    errors: result.errors,
    ratioToHelloWorld: ceiling > 0 ? result.requestsPerSecond / ceiling : 0,
  };
}

export function findRow(rows: Row[], scenario: string): Row {
  const row = rows.find((candidate) => candidate.scenario === scenario);
  if (!row) throw new Error(`no result for ${scenario}`);
  return row;
}

/** A fast GET, warmed up first, with the given headers. */
export function fastScenario(
  name: string,
  url: string,
  seconds: number,
  headers?: Record<string, string>,
): HttpScenario {
  return {
    name,
    warmUp: true,
    spec: {
      method: 'GET',
      connections: FAST_CONNECTIONS,
      seconds,
      url,
      ...(headers ? { headers } : {}),
    },
  };
}
