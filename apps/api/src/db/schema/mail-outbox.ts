import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from '../columns';

/** The development mailer's store: every mail the product would have sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_created_idx').on(t.to, t.createdAt)],
);
