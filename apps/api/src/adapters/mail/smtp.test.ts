import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { mailsTo, post, registration } from '../../../test/accounts';
import { createSmtpMailer } from './smtp';

interface Received {
  envelopeTo: string[];
  mail: ParsedMail;
}

/** A real SMTP server on a free local port that keeps every message it accepts. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          })
          .catch((error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) =>
    object.value.map((entry) => entry.address),
  );

describe('the SMTP mailer', () => {
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers the message with its from, to, subject, text and HTML', async () => {
    const mailer = await createSmtpMailer(smtp.url, 'Karta <no-reply@karta.example>');
    expect(mailer.kind).toBe('smtp');
    try {
      await mailer.send({
        to: 'ada.obi@example.com',
        subject: 'Hello from Karta',
        text: 'Plain words, ₦5,000.',
        html: '<p>Plain <strong>words</strong>, ₦5,000.</p>',
      });
    } finally {
      mailer.close();
    }

    expect(smtp.received).toHaveLength(1);
    const [{ envelopeTo, mail }] = smtp.received as [Received];
    expect(envelopeTo).toEqual(['ada.obi@example.com']);
    expect(mail.from?.value).toEqual([{ name: 'Karta', address: 'no-reply@karta.example' }]);
    expect(addressesOf(mail.to)).toEqual(['ada.obi@example.com']);
    expect(mail.subject).toBe('Hello from Karta');
    expect(mail.text?.trim()).toBe('Plain words, ₦5,000.');
    expect(mail.html).toBe('<p>Plain <strong>words</strong>, ₦5,000.</p>');
  });

  it('rejects when no SMTP server answers', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = await createSmtpMailer(closed.url, 'Karta <no-reply@karta.example>');
    try {
      await expect(
        mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' }),
      ).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});

describe('registration with SMTP_URL set', () => {
  let smtp: SmtpTestServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the confirmation code through SMTP and nothing to the outbox', async () => {
    const payload = registration();
    const response = await post(t.app, '/auth/register', payload);
    expect(response.statusCode, response.body).toBe(201);

    const delivered = smtp.received.filter(({ envelopeTo }) => envelopeTo.includes(payload.email));
    expect(delivered).toHaveLength(1);
    const { mail } = delivered[0] as Received;
    expect(addressesOf(mail.to)).toEqual([payload.email]);
    expect(mail.from?.value[0]?.address).toBe('no-reply@karta.example');
    expect(mail.subject).toBe('Confirm your Karta account');

    const text = mail.text ?? '';
    const html = typeof mail.html === 'string' ? mail.html : '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(html).toContain(`>${code ?? 'no code'}<`);
    expect(text).toContain('expires in 10 minutes');
    // What a reader of the HTML sees, tags aside.
    expect(html.replace(/<[^>]*>/g, '')).toContain('expires in 10 minutes');

    expect(await mailsTo(t.app, payload.email)).toEqual([]);
  });
});
