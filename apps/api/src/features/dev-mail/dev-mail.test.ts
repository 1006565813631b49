import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { mailsTo, post, register, type Mail } from '../../../test/accounts';

const codeIn = (mail: Mail | undefined) => {
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
};

describe('the development outbox', () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof register>>;
  let second: Awaited<ReturnType<typeof register>>;

  beforeAll(async () => {
    t = await createTestApp();
    first = await register(t.app);
    second = await register(t.app);
    // A second mail to the first address: a resend once the 30-second wait is over.
    t.clock.advance(31);
    const resend = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/request_otp?email=${encodeURIComponent(first.payload.email)}`,
    });
    expect(resend.statusCode, resend.body).toBe(200);
  });
  afterAll(() => t.close());

  it('lists only the mails to the address asked for, newest first, with every field', async () => {
    const mails = await mailsTo(t.app, first.payload.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(
        ['created_at', 'html', 'id', 'subject', 'text', 'to'].sort(),
      );
      expect(mail).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        to: first.payload.email,
        subject: 'Confirm your Karta account',
      });
      expect(mail.text).toMatch(/\b\d{6}\b/);
      expect(mail.html).toContain('<!doctype html>');
      expect(new Date(mail.created_at).toISOString()).toBe(mail.created_at);
    }
    const [newest, oldest] = mails as [Mail, Mail];
    expect(newest.id).not.toBe(oldest.id);
    expect(newest.created_at >= oldest.created_at).toBe(true);

    // The resend replaced the first code: only the code in the first-listed mail works.
    const confirm = (otp: string) =>
      post(t.app, '/auth/account_otp_verification', {
        otp,
        email: first.payload.email,
        password: first.payload.password,
      });
    const withOld = await confirm(codeIn(oldest));
    expect(withOld.statusCode, withOld.body).toBe(401);
    const withNew = await confirm(codeIn(newest));
    expect(withNew.statusCode, withNew.body).toBe(200);
  });

  it('matches the address whatever its case', async () => {
    const mails = await mailsTo(t.app, second.payload.email.toUpperCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(second.payload.email);
  });

  it('lists every mail when no address is given', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    const mails = response.json<{ data: Mail[] }>().data;
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [first.payload.email, first.payload.email, second.payload.email].sort(),
    );
    const times = mails.map((mail) => mail.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows the mails to people as an HTML page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/dev/mail/view?to=${encodeURIComponent(second.payload.email)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h2>Confirm your Karta account</h2>');
    expect(response.body).toContain(`Outbox for ${second.payload.email}`);
    expect(response.body).not.toContain(first.payload.email);
  });

  it('logs where to read each mail; never the address, the code or the subject', async () => {
    const mails = await mailsTo(t.app, first.payload.email);
    const codes = mails.map(codeIn);
    const lines = t.logs.filter((line) => 'readAt' in (JSON.parse(line) as object));
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const entry = JSON.parse(line) as { readAt: string; msg: string };
      expect(entry.readAt).toMatch(/\/dev\/mail\/view$/);
      expect(entry.msg).toBe('mail stored in the outbox');
      // Not even masked: a masked address keeps its domain, whatever the sender typed there.
      expect(line).not.toContain('example.com');
      for (const code of codes) expect(line).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      expect(line).not.toContain('Confirm your Karta account');
    }
  });
});

describe('the outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(24) + 'q'.repeat(24),
        // Required in production; this test sends nothing and pays nobody.
        SMTP_URL: 'smtp://127.0.0.1:1',
        PAYOUT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk_test_unused_in_this_test',
      },
    });
  });
  afterAll(() => t.close());

  it('accepts no BVN until a real identity provider exists (the sandbox would accept any)', () => {
    expect(t.app.ctx.identity.name).toBe('unavailable');
    expect(t.app.ctx.payouts.name).toBe('paystack');
  });

  it('has no /dev routes', async () => {
    for (const url of ['/dev/mail', '/dev/mail?to=a%40example.com', '/dev/mail/view']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error' });
    }
  });
});
