import type { QueueEvent } from '@karta/shared/schemas/events';
import type { Executor } from '../../db/client';
import type { trades } from '../../db/schema/trades';
import { publishEvent } from '../events/events.service';

/**
 * What an event says of a trade: read from the table's row type, not the repository's, which
 * calls this module (an import back would make the two a circle).
 */
type ChangedTrade = Pick<
  typeof trades.$inferSelect,
  'id' | 'userId' | 'reference' | 'status' | 'claimedByUserId'
>;

/**
 * The live stream's word of a trade that changed (decision 069), in the change's transaction:
 * its seller hears the new status; staff hear the queue change (a trade in the queue, claimed,
 * released, decided). Called by the repository's insert and update, the one door every state
 * change goes through, so no path of today or tomorrow can forget it.
 */
export async function publishTradeChange(
  tx: Executor,
  row: ChangedTrade,
  changed: { isNew: boolean; status: boolean; claim: boolean },
) {
  if (changed.isNew || changed.status) {
    await publishEvent(tx, {
      userId: row.userId,
      type: 'trade',
      data: { id: row.id, reference: row.reference, status: row.status },
    });
  }
  const change = queueChangeOf(row, changed);
  if (change) {
    await publishEvent(tx, {
      userId: null,
      type: 'queue',
      data: { id: row.id, change, status: row.status },
    });
  }
}

function queueChangeOf(
  row: ChangedTrade,
  changed: { isNew: boolean; status: boolean; claim: boolean },
): QueueEvent['change'] | null {
  if (changed.isNew) return 'submitted';
  if (changed.status) return row.status === 'pending' ? 'submitted' : 'decided';
  if (changed.claim) return row.claimedByUserId ? 'claimed' : 'released';
  return null;
}
