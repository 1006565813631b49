import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss } from 'pg-boss';
import { JOB_SCHEMA } from '../src/adapters/jobs/jobs';
import type { Database } from '../src/db/client';

/** A job as pg-boss tells of it: where it is, and how often it was started again. */
export interface JobState {
  id: string;
  state: string;
  retryCount: number;
}

/**
 * pg-boss's own view of Karta's queues, through its public API (decision 056: nothing reads its
 * tables), for tests that follow a job to its end. It works no jobs and maintains nothing.
 */
export async function openJobInspector(database: Database | string) {
  const boss = new PgBoss({
    ...(typeof database === 'string'
      ? { connectionString: database, max: 2 }
      : { db: fromDrizzle(database, sql) }),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
    // `recount` below may count again a second after the last count.
    monitorIntervalSeconds: 1,
  });
  boss.on('error', () => undefined);
  await boss.start();
  const toState = (job: { id: string; state: string; retryCount: number }): JobState => ({
    id: job.id,
    state: job.state,
    retryCount: job.retryCount,
  });
  return {
    /** The jobs of `queue` with this singleton key (a payout's is its withdrawal's id). */
    async jobsWithKey(queue: string, singletonKey: string): Promise<JobState[]> {
      return (await boss.findJobs(queue, { key: singletonKey })).map(toState);
    },
    /** The job with this id (a job from the outbox has its outbox row's id), if pg-boss has it. */
    async job(queue: string, id: string): Promise<JobState | undefined> {
      const [found] = await boss.findJobs(queue, { id });
      return found && toState(found);
    },
    /**
     * Has pg-boss count `queue` again now (its monitor, which otherwise runs once a minute), so
     * the figures it answers include the jobs just sent. Waits out the second since its last count.
     */
    async recount(queue: string): Promise<void> {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await boss.supervise(queue);
    },
    close: () => boss.stop({ graceful: false, close: true }),
  };
}

export type JobInspector = Awaited<ReturnType<typeof openJobInspector>>;
