import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { reference, uuidKey } from '../columns';
import { tradeEvents } from './trade-events';
import { trades } from './trades';

/** A photo of a trade's card, re-encoded; the key is made by the server. */
export const tradeImages = pgTable(
  'trade_images',
  {
    id: uuidKey(),
    tradeId: reference('trade_id', () => trades.id).notNull(),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** Set on a photo the seller sent with an answer (a trade event); null for the first ones. */
    eventId: reference('event_id', () => tradeEvents.id),
  },
  (t) => [uniqueIndex('trade_images_trade_position_key').on(t.tradeId, t.position)],
);
