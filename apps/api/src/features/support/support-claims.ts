import { SUPPORT_MESSAGES } from '@karta/shared/schemas/support';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { ClaimDesk } from '../../lib/desk-claims';
import { isUuid } from '../../lib/ids';
import { conversationNotFound } from './support.service';
import {
  findClaimTokenHash,
  findPeople,
  lockConversation,
  updateConversation,
  type ConversationRow,
} from './support.repository';

/**
 * The support desk's claims (decision 070) on the one mechanism every review desk shares
 * (decision 078): heartbeat, beacon release and take-over as on trades, audited as `support.*`.
 * A resolved conversation holds no claim.
 */

export const notFound = () => conversationNotFound('id');

const hasLiveClaim = (conversation: ConversationRow, now: Date) =>
  conversation.status !== 'resolved' &&
  conversation.claimedByUserId !== null &&
  conversation.claimExpiresAt !== null &&
  conversation.claimExpiresAt > now;

export const alreadyResolved = () =>
  new AppError('CONFLICT', SUPPORT_MESSAGES.RESOLVED, {
    domainCode: 'ALREADY_DECIDED',
    field: 'id',
  });

export async function lockOrNotFound(tx: Executor, id: string) {
  if (!isUuid(id)) throw notFound();
  const row = await lockConversation(tx, id);
  if (!row) throw notFound();
  return row;
}

export const supportDesk: ClaimDesk<ConversationRow> = {
  actions: {
    claim: 'support.claim',
    renew: 'support.claim_renew',
    takeOver: 'support.claim_take_over',
    release: 'support.release',
  },
  targetType: 'support_conversation',
  words: SUPPORT_MESSAGES,
  notFound,
  lock: lockConversation,
  // Anyone on staff may answer an open conversation; a resolved one is done.
  lockWorkable: async (tx, id) => {
    const row = await lockOrNotFound(tx, id);
    if (row.status === 'resolved') throw alreadyResolved();
    return row;
  },
  findTokenHash: findClaimTokenHash,
  update: updateConversation,
  isLive: hasLiveClaim,
  nameOf: async (tx, userId) => {
    const [holder] = await findPeople(tx, [userId ?? '']);
    return holder ? `${holder.firstName} ${holder.lastName}` : 'Another operator';
  },
};
