import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The development mailer's store: every mail the product would have sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_created_idx').on(t.to, t.createdAt)],
);
