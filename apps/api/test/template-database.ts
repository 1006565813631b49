import path from 'node:path';
import { createPgBossQueue } from '../src/adapters/jobs/jobs';
import { API_ROOT } from '../src/config';
import { connectDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';

/** The database each test file's own database is copied from (create-test-app.ts). */
export const TEMPLATE_DATABASE = 'karta_template';

/**
 * Migrates the template database at `url`, and gives it the job queue's schema too: every app
 * starts its queue at boot, and a copy that already has it starts in milliseconds instead of
 * creating it again in each test file.
 */
export async function prepareTemplate(url: string): Promise<void> {
  const template = connectDatabase(url, 1);
  try {
    await applyMigrations(template.db, path.join(API_ROOT, 'drizzle'));
    const jobs = createPgBossQueue(template.db, { warn: console.warn, error: console.error });
    await jobs.start();
    await jobs.stop();
  } finally {
    await template.close();
  }
}
