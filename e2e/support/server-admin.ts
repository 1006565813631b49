import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { REPO_ROOT } from './harness.mjs';

const run = promisify(execFile);

/**
 * Makes an existing account an admin the way an operator of the server does it:
 * `npm run create-admin -- --email …` (apps/api/dist/create-admin.js) against the running app's
 * database. Such staff have no invitation behind them (decision 049), so they count as a second
 * pair of eyes for the admin the app starts with, which an admin's own invitee never does.
 */
export async function promoteToAdminOnServer(email: string): Promise<void> {
  const { databaseUrl, dataDir } = inject('server');
  const { stdout } = await run(
    process.execPath,
    [path.join(REPO_ROOT, 'apps/api/dist/create-admin.js'), '--email', email],
    {
      cwd: REPO_ROOT,
      env: {
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        // The app's own folder, so the command reads the same development secrets.
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      timeout: 60_000,
    },
  );
  if (!stdout.includes('it is now an admin')) {
    throw new Error(`create-admin did not promote ${email}: ${stdout}`);
  }
}
