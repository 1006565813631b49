import { readFileSync } from 'node:fs';
import pg from 'pg';
import { codesInMail, SensitiveValues } from '@karta/api/harness';
import { PASSWORD } from './accounts';
import { E2E_ADMIN, type RunningApp } from './harness.mjs';
import { OPERATOR } from './money';

/**
 * The API suite scans its own logs (apps/api/test/log-leaks.ts); this does the same for the
 * real server the browser tests drove: every account's e-mail, phone number, names and date of
 * birth, every code it mailed, and the passwords the tests typed must be absent from its log.
 * Read before the server stops, since stopping removes its data directory and the log in it.
 */
export async function assertServerLogClean(app: RunningApp): Promise<void> {
  const values = new SensitiveValues();
  values.add('password', PASSWORD);
  values.add('password', OPERATOR.password);
  values.add('password', E2E_ADMIN.password);
  // The embedded PostgreSQL's own password (decision 054): never in the server's log either.
  values.add('password', decodeURIComponent(new URL(app.databaseUrl).password));
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    const users = await client.query(
      'select email, mobile_number, first_name, last_name, date_of_birth::text from users',
    );
    for (const user of users.rows) values.addFrom(user);
    const mails = await client.query<{ to: string; text: string }>(
      'select "to", text from mail_outbox',
    );
    for (const mail of mails.rows) {
      values.add('email', mail.to);
      for (const code of codesInMail(mail.text)) values.add('mailed code', code);
    }
  } finally {
    await client.end();
  }
  const lines = readFileSync(app.logFile, 'utf8').split('\n').filter(Boolean);
  values.assertNotIn(lines);
}
