import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../../db/schema/mail-outbox';
import type { Database } from '../../db/client';
import type { Mailer } from './mailer';

/**
 * Keeps mail in the database instead of sending it. The log line names the recipient and where
 * to read the mail; never the subject or the body, which may hold a code.
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
      const readAt = `${publicUrl}/dev/mail?to=${encodeURIComponent(message.to)}`;
      log.info({ mailTo: message.to, readAt }, `mail for ${message.to} stored in the outbox`);
    },
  };
}
