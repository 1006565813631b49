import { KYC_DOCUMENT_MESSAGES } from '@karta/shared/schemas/kyc-documents';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/audit-log';
import type { ClaimDesk } from '../../lib/desk-claims';
import {
  findClaimTokenHash,
  findPeople,
  lockSubmission,
  updateSubmission,
  type KycSubmissionRow,
  type Person,
} from './kyc-documents.repository';

/**
 * The KYC desk's claims (decision 066) on the one mechanism every review desk shares (decision
 * 078): heartbeat, beacon release and take-over as on trades, audited as `kyc.*`.
 */

export const kycNotFound = () =>
  new AppError('NOT_FOUND', KYC_DOCUMENT_MESSAGES.NOT_FOUND, { field: 'id' });

export const hasLiveClaim = (row: KycSubmissionRow, now: Date) =>
  row.claimedByUserId !== null && row.claimExpiresAt !== null && row.claimExpiresAt > now;

export const nameOf = (person: Person | undefined) =>
  person ? `${person.firstName} ${person.lastName}` : 'Another operator';

/**
 * Locks a submission an operator may work on now: waiting for review and not their own.
 * Another operator's claim is the claim mechanism's to check (409 CLAIMED naming them).
 */
export async function lockWorkable(tx: Executor, id: string, actor: Actor) {
  const row = await lockSubmission(tx, id);
  if (!row) throw kycNotFound();
  if (row.userId === actor.userId) {
    throw new AppError('FORBIDDEN', 'You cannot review your own documents.');
  }
  if (row.status !== 'pending_review') {
    throw new AppError('CONFLICT', `These documents have already been ${row.status}.`, {
      domainCode: 'ALREADY_DECIDED',
      field: 'id',
    });
  }
  return row;
}

export const kycDesk: ClaimDesk<KycSubmissionRow> = {
  actions: {
    claim: 'kyc.claim',
    renew: 'kyc.claim_renew',
    takeOver: 'kyc.claim_take_over',
    release: 'kyc.release',
  },
  targetType: 'kyc_submission',
  words: KYC_DOCUMENT_MESSAGES,
  notFound: kycNotFound,
  lock: lockSubmission,
  lockWorkable,
  findTokenHash: findClaimTokenHash,
  update: updateSubmission,
  isLive: hasLiveClaim,
  nameOf: async (tx, userId) => nameOf((await findPeople(tx, [userId ?? '']))[0]),
};
