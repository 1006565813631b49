import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../../db/schema/mail-outbox';
import type { Database } from '../../db/client';
import type { Mailer } from './mailer';

/**
 * Keeps mail in the database instead of sending it. The log line says where to read the mail,
 * and nothing of the address, subject or body: a masked address still shows its domain, which
 * is whatever the sender typed (a name, by chance), and the body may hold a code.
 */
export function createOutboxMailer(
  db: Database,
  log: FastifyBaseLogger,
  publicUrl: string,
): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(mailOutbox).values(message);
      log.info({ readAt: `${publicUrl}/dev/mail/view` }, 'mail stored in the outbox');
    },
  };
}
