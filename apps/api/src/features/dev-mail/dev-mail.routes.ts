import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '@karta/shared/schemas/common';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { responses, success } from '../../lib/http';

const MailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
const QuerySchema = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Development only (never registered in production): read what the outbox mailer "sent".
 * `GET /dev/mail?to=` for tests and tools, `/dev/mail/view` for people.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const listMails = async (to: string | undefined) => {
    const rows = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      created_at: row.createdAt.toISOString(),
    }));
  };

  app.get(
    '/mail',
    {
      schema: {
        tags: ['development'],
        summary: 'Mails in the outbox, newest first',
        // Not part of the API the apps are built on: it exists only outside production.
        hide: true,
        querystring: QuerySchema,
        response: responses(successEnvelope(z.array(MailSchema))),
      },
    },
    async (request) => success('Outbox', await listMails(request.query.to)),
  );

  app.get(
    '/mail/view',
    { schema: { tags: ['development'], querystring: QuerySchema, hide: true } },
    async (request, reply) => {
      const mails = await listMails(request.query.to);
      const items = mails
        .map(
          (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.created_at)}</p>
  <iframe sandbox title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
</article>`,
        )
        .join('\n');
      const filter = request.query.to ? ` for ${escapeHtml(request.query.to)}` : '';
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data:",
        ).send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Karta outbox</title>
<style>body{font-family:system-ui,sans-serif;background:#F1F5F4;color:#0F172A;margin:0;padding:16px}
h1{color:#06492D}article{background:#fff;border-radius:12px;padding:16px;margin:0 0 16px}
h2{margin:0;font-size:18px}.meta{color:#475569;margin:4px 0 12px}
iframe{width:100%;height:420px;border:1px solid #E2E8F0;border-radius:8px}</style></head>
<body><h1>Outbox${filter}</h1>${items || '<p>No mail yet.</p>'}</body></html>`);
    },
  );
};
