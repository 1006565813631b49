import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export async function applyMigrations(db: Database, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
}
