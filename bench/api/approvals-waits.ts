/**
 * Where concurrent approvals wait (decision 048): the approvals scenario of the trades group alone
 * (pending trades, 16 operators, each trade approved once), while a separate connection samples
 * `pg_stat_activity` as fast as it can: per state, wait event, lock wanted and statement, the
 * mean number of backends in it. Also the statements the API sent per approval, the CPU the API
 * process and the PostgreSQL cluster spent per approval, and the ledger and trade checks after.
 * `node --import tsx bench/api/approvals-waits.ts [--trades 600] [--workers 16] [--no-sample]
 * [--profile FILE.cpuprofile]`
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashSecret } from '@karta/api/harness';
import { deadlocksDetected } from './ledger';
import { runLoad } from './load';
import { loginForToken, startStack } from './stack';
import {
  approvalProblems,
  approveUrl,
  BENCH_PASSWORD,
  checkApprovals,
  insertBenchPeople,
  insertPendingTrades,
  OPERATORS,
} from './trades-seed';

const { values: args } = parseArgs({
  options: {
    trades: { type: 'string', default: '600' },
    workers: { type: 'string', default: String(OPERATORS) },
    'no-sample': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});

const fieldsOf = (pid: string) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

/** CPU seconds of the postmaster and its children (utime + stime), from /proc. */
function clusterCpuSeconds(postmaster: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = fieldsOf(pid);
      if (Number(pid) !== postmaster && Number(fields[1]) !== postmaster) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks / 100;
}

const SAMPLE = `
  select a.state || ' | ' || coalesce(a.wait_event_type || ':' || a.wait_event, 'cpu') || ' | ' ||
         coalesce((select l.locktype || ':' || coalesce(l.relation::regclass::text, '') from pg_locks l
                    where l.pid = a.pid and not l.granted limit 1), '') || ' | ' ||
         regexp_replace(left(a.query, 90), '\\s+', ' ', 'g') as k
    from pg_stat_activity a
   where a.datname = current_database() and a.pid <> pg_backend_pid()
     and a.backend_type = 'client backend' and a.state <> 'idle'`;

const stack = await startStack();
try {
  const people = await insertBenchPeople(stack.db, await hashSecret(BENCH_PASSWORD));
  const { ids, referredSellers } = await insertPendingTrades(stack.db, people, Number(args.trades));
  const tokens = await Promise.all(
    people.operators.map((o) => loginForToken(stack.apiUrl, o.email, BENCH_PASSWORD)),
  );
  const sampler = new pg.Client({ connectionString: stack.db.$client.options.connectionString });
  await sampler.connect();
  const own = await sampler.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = Number(fieldsOf(String(own.rows[0]?.pid))[1]);
  const tally = new Map<string, number>();
  let samples = 0;
  let sampling = !args['no-sample'];
  const loop = (async () => {
    while (sampling) {
      const result = await sampler.query<{ k: string }>(SAMPLE);
      samples += 1;
      for (const row of result.rows) tally.set(row.k, (tally.get(row.k) ?? 0) + 1);
    }
  })();
  const deadlocksBefore = await deadlocksDetected(stack.db);
  const session = new Session();
  if (args.profile) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  const clusterBefore = clusterCpuSeconds(postmaster);
  const started = performance.now();
  const { result, queries } = await stack.recordQueries(() =>
    runLoad({
      requests: ids.map((id) => ({ url: approveUrl(stack.apiUrl, id), body: '{}' })),
      method: 'POST',
      workerHeaders: tokens
        .slice(0, Number(args.workers))
        .map((token) => ({ authorization: token, 'content-type': 'application/json' })),
      expectedStatus: 200,
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const clusterSeconds = clusterCpuSeconds(postmaster) - clusterBefore;
  if (args.profile) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(args.profile, JSON.stringify(profile));
    session.disconnect();
  }
  sampling = false;
  await loop;
  await sampler.end();

  const apiMs = (cpu.user + cpu.system) / 1000 / ids.length;
  console.log(
    `${result.requestsPerSecond.toFixed(1)} approvals/s, p50 ${result.p50Ms.toFixed(0)} ms, p99 ${result.p99Ms.toFixed(0)} ms, ${result.non2xx + result.errors} failed`,
  );
  console.log(`${(queries.length / ids.length).toFixed(2)} statements an approval`);
  console.log(
    `CPU an approval: API process ${apiMs.toFixed(2)} ms (${((apiMs * result.requestsPerSecond) / 10).toFixed(0)}% of one core), PostgreSQL ${((clusterSeconds * 1000) / ids.length).toFixed(2)} ms; ${seconds.toFixed(1)} s in all`,
  );
  const checks = await checkApprovals(stack.db, ids);
  const problems = approvalProblems(checks, { trades: ids.length, referred: referredSellers });
  console.log(`checks: ${problems.length === 0 ? 'all right' : problems.join('; ')}`);
  console.log(`deadlocks: ${(await deadlocksDetected(stack.db)) - deadlocksBefore}`);
  if (samples > 0) {
    console.log(
      `\n${samples} samples; mean backends in each state | wait | lock wanted | statement:`,
    );
    for (const [key, n] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`${(n / samples).toFixed(2).padStart(6)}  ${key}`);
    }
  }
} finally {
  await stack.stop();
}
