import { Counter, Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../../app-context';
import { readDatabaseTier } from './database-tier.repository';
import { scrapeRead, setOrLeaveOut } from './scrape-read';

/** The tier's read is one small statement; it answers in milliseconds. */
const READ_TIMEOUT_MS = 1_000;

/**
 * The database tier (decision 068): the read replica's lag, measured by `ctx.staleReads` and
 * read from memory; and from one read on the primary, which server it is, its WAL archiving and
 * the age of the newest backup. A series with nothing true to say is left out, never 0: a
 * replica that cannot be reached, archiving that is off or never succeeded, no backup recorded.
 */
export function registerDatabaseTierGauges(ctx: AppContext, registry: Registry): void {
  if (ctx.config.readReplica) {
    new Gauge({
      name: 'karta_database_replica_lag_seconds',
      help: 'How far the read replica may be behind the primary, in seconds: the time since the newest moment it is known to hold everything the primary had (absent while it cannot be reached)',
      registers: [registry],
      collect() {
        setOrLeaveOut(this, ctx.staleReads.lagSeconds());
      },
    });
  }
  const tier = scrapeRead(ctx, 'database tier', READ_TIMEOUT_MS, readDatabaseTier);
  new Gauge({
    name: 'karta_database_primary_info',
    help: 'The server the write connection (DATABASE_URL) reaches, as host:port (local:port over a Unix socket): 1',
    labelNames: ['server'],
    registers: [registry],
    async collect() {
      const read = await tier();
      this.reset();
      if (read) this.set({ server: read.server }, 1);
    },
  });
  new Counter({
    name: 'karta_wal_archive_failed_total',
    help: 'WAL segments the primary failed to archive (pg_stat_archiver.failed_count; absent when archive_mode is off)',
    registers: [registry],
    async collect() {
      setOrLeaveOut(this, (await tier())?.archiveFailed);
    },
  });
  new Gauge({
    name: 'karta_wal_archive_last_success_age_seconds',
    help: 'Seconds since the primary last archived a WAL segment (absent when archive_mode is off or nothing was archived yet)',
    registers: [registry],
    async collect() {
      setOrLeaveOut(this, (await tier())?.archivedAgeSeconds);
    },
  });
  new Gauge({
    name: 'karta_database_backup_age_seconds',
    help: 'Seconds since the newest backup recorded in database_backups finished (absent when none is)',
    registers: [registry],
    async collect() {
      setOrLeaveOut(this, (await tier())?.backupAgeSeconds);
    },
  });
}
