import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { ensureAdmin } from './features/accounts/admin-account.service';
import { exitOnStartupError } from './lib/startup-error';
import { openRuntime } from './runtime';

/**
 * `npm run create-admin -- --email ops@example.com [--password …]`. Without --password a
 * strong one is generated and printed once, to this terminal only.
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email) {
  console.error('Usage: npm run create-admin -- --email <address> [--password <password>]');
  process.exit(2);
}
const config = { ...loadConfig(), logLevel: 'warn' };
// With the embedded database, the PostgreSQL of a Karta running on the same data folder is
// joined (decision 058); one still starting stops this with one line, not a trace.
const runtime = await openRuntime(config, () => undefined, { joinRunningKarta: true }).catch(
  exitOnStartupError,
);
const app = await buildApp({ config, db: runtime.database.db, logStream: pino.destination(2) });
const password = values.password ?? `${randomBytes(12).toString('base64url')}#A1`;
try {
  const result = await ensureAdmin(app.ctx, {
    email: values.email,
    password,
    promoteExisting: true,
  });
  if (result === 'created') {
    console.log(`Admin ${values.email} created.`);
    if (!values.password) console.log(`Password (shown once): ${password}`);
  } else if (result === 'promoted') {
    console.log(`${values.email} already had an account; it is now an admin.`);
  } else {
    console.log(`${values.email} is already an admin. Nothing changed.`);
  }
} finally {
  await app.close();
  await runtime.stop();
}
