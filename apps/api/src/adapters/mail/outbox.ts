import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../../db/schema/mail-outbox';
import type { Database } from '../../db/client';
import { maskEmail } from '../../lib/mask-email';
import type { Mailer } from './mailer';

/**
 * Keeps mail in the database instead of sending it. The log line says where to read the mail
 * and whom it is for with the address masked (the log is no place for a person's address);
 * never the subject or the body, which may hold a code.
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
      const mailTo = maskEmail(message.to);
      log.info(
        { mailTo, readAt: `${publicUrl}/dev/mail/view` },
        `mail for ${mailTo} stored in the outbox`,
      );
    },
  };
}
