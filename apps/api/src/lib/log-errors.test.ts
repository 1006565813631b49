import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { serializeError, type LoggedError } from './log-errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A rule the code does not expect, so the insert fails as an unforeseen bug would: a 500.
  await t.db.execute(
    sql`alter table users add constraint test_no_leaky_names check (first_name <> 'Leakybucket')`,
  );
});
afterAll(() => t.close());

describe('a failed query in the logs', () => {
  it('shows the statement and the constraint, never its parameters or the failing row', async () => {
    const payload = registration({ first_name: 'Leakybucket', date_of_birth: '1987-06-05' });
    const logsBefore = t.logs.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload,
    });
    expect(response.statusCode, response.body).toBe(500);

    const lines = t.logs.slice(logsBefore);
    const failure = lines
      .map((line) => JSON.parse(line) as { err?: LoggedError })
      .find((entry) => entry.err);
    expect(failure?.err?.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure?.err?.query).toMatch(/values \(default, \$1, \$2/);
    expect(failure?.err?.cause).toMatchObject({
      code: '23514',
      constraint: 'test_no_leaky_names',
      table: 'users',
    });

    const everything = lines.join('\n');
    const digits = payload.mobile_number.slice(-10);
    for (const value of ['Leakybucket', payload.email, digits, '1987-06-05', '$argon2id$']) {
      expect(everything, `the log names ${value}`).not.toContain(value);
    }
    expect(everything).not.toMatch(/params|Failing row|detail/);
  });
});

describe('serializeError', () => {
  it("hides a quoted value in PostgreSQL's own message, and keeps quoted names", () => {
    const error = Object.assign(
      new Error('invalid input syntax for type uuid: "ada@example.com"'),
      {
        severity: 'ERROR',
        code: '22P02',
        where: "unnamed portal parameter $1 = 'ada@example.com'",
      },
    );
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toContain('ada@example.com');
    expect(logged.message).toBe('invalid input syntax for type uuid: "[redacted]"');
    const unique = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      { severity: 'ERROR', code: '23505', detail: 'Key (email)=(ada@example.com) already exists.' },
    );
    expect(serializeError(unique)).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_email_key"',
      code: '23505',
    });
    expect(JSON.stringify(serializeError(unique))).not.toContain('ada@example.com');
  });
});
