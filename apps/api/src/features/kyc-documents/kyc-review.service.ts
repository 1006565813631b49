import type { PageMeta } from '@karta/shared/schemas/common';
import {
  type KycQueueItem,
  type KycQueueQuery,
  type ClaimedKycReview,
  type KycReview,
  type RejectKycInput,
} from '@karta/shared/schemas/kyc-documents';
import { kycDocumentsHref } from '@karta/shared/web-paths';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { recordAudit, type Actor } from '../../lib/audit-log';
import {
  claimOf,
  dropDeskClaim,
  endedClaim,
  heartbeatDeskClaim,
  refuseOthersClaim,
  releaseDeskClaimByToken,
  takeDeskClaim,
} from '../../lib/desk-claims';
import { isUuid } from '../../lib/ids';
import { offsetOf, pageMeta } from '../../lib/paging';
import { setKycTier } from '../accounts/kyc-tier.service';
import { recordNotice } from '../notices/notices.service';
import { hasLiveClaim, kycDesk, kycNotFound, lockWorkable, nameOf } from './kyc-claims';
import { imageLinksOf, rejectionOf } from './kyc-documents.service';
import {
  findPeople,
  findSubmission,
  listByStatus,
  updateSubmission,
  type KycSubmissionRow,
  type Person,
} from './kyc-documents.repository';
import {
  APPROVED_TITLE,
  approvedWords,
  mailKycDecision,
  REJECTED_TITLE,
  rejectedWords,
} from './kyc-mails';

const STATUS_OF_QUERY = {
  pending: 'pending_review',
  approved: 'approved',
  rejected: 'rejected',
} as const;

const notFound = kycNotFound;

function queueItemOf(row: KycSubmissionRow, people: Map<string, Person>, now: Date): KycQueueItem {
  const seller = people.get(row.userId);
  const end = row.decidedAt ?? now;
  return {
    id: row.id,
    status: row.status,
    id_type: row.idType,
    submitted_at: row.submittedAt.toISOString(),
    waiting_minutes: Math.max(0, Math.floor((end.getTime() - row.submittedAt.getTime()) / 60_000)),
    seller: {
      id: row.userId,
      first_name: seller?.firstName ?? '',
      last_name: seller?.lastName ?? '',
      email: seller?.email ?? '',
      kyc_verified: seller?.kycVerified ?? false,
      kyc_tier: seller?.kycTier ?? 0,
    },
    claim:
      hasLiveClaim(row, now) && row.claimedByUserId && row.claimExpiresAt
        ? {
            by_user_id: row.claimedByUserId,
            by_name: nameOf(people.get(row.claimedByUserId)),
            until: row.claimExpiresAt.toISOString(),
            seen_at: row.claimSeenAt?.toISOString() ?? null,
          }
        : null,
  };
}

async function peopleOf(tx: Executor, rows: KycSubmissionRow[]) {
  const ids = rows.flatMap((row) => [
    row.userId,
    ...(row.claimedByUserId ? [row.claimedByUserId] : []),
  ]);
  return new Map((await findPeople(tx, ids)).map((person) => [person.id, person]));
}

/** The desk's queue: oldest first, with how long each has waited and who holds it. */
export async function listKycQueue(
  ctx: AppContext,
  query: KycQueueQuery,
): Promise<{ data: KycQueueItem[]; meta: PageMeta }> {
  const { rows, total } = await listByStatus(ctx.db, {
    status: STATUS_OF_QUERY[query.status],
    limit: query.size,
    offset: offsetOf(query),
  });
  const people = await peopleOf(ctx.db, rows);
  const now = ctx.clock.now();
  return { data: rows.map((row) => queueItemOf(row, people, now)), meta: pageMeta(query, total) };
}

function reviewOf(ctx: AppContext, row: KycSubmissionRow, people: Map<string, Person>): KycReview {
  const seller = people.get(row.userId);
  return {
    ...queueItemOf(row, people, ctx.clock.now()),
    id_number: row.idNumber,
    address: row.address,
    images: imageLinksOf(ctx, row),
    bvn: {
      last4: seller?.bvnLast4 ?? null,
      verified_at: seller?.kycVerifiedAt?.toISOString() ?? null,
      date_of_birth: seller?.dateOfBirth ?? null,
    },
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by_user_id: row.decidedByUserId,
    rejection: rejectionOf(row),
  };
}

/** One submission for review: the images behind short-lived links and the BVN check's answer. */
export async function getKycReview(ctx: AppContext, id: string): Promise<KycReview> {
  if (!isUuid(id)) throw notFound();
  const row = await findSubmission(ctx.db, id);
  if (!row) throw notFound();
  return reviewOf(ctx, row, await peopleOf(ctx.db, [row]));
}

/**
 * Locks a submission an operator may decide now: waiting for review, not their own, and held by
 * nobody else (the claim rules, decisions 020 and 078: 409 CLAIMED naming the holder).
 */
async function lockReviewable(tx: Executor, id: string, actor: Actor, now: Date) {
  if (!isUuid(id)) throw notFound();
  const row = await lockWorkable(tx, id, actor);
  await refuseOthersClaim(kycDesk, tx, row, actor, now);
  return row;
}

/** The submission as the desk shows it after a claim step. */
async function reviewById(ctx: AppContext, id: string) {
  const row = await findSubmission(ctx.db, id);
  if (!row) throw notFound();
  return reviewOf(ctx, row, await peopleOf(ctx.db, [row]));
}

/**
 * Claims (or renews the caller's claim on) a submission for REVIEW_CLAIM_MINUTES, audited;
 * `takeOver` also takes another operator's claim whose page has been silent for a minute
 * (`kyc.claim_take_over`). Answers the claim's release token for the page's closing beacon.
 */
export async function claimKycSubmission(
  ctx: AppContext,
  options: { actor: Actor; id: string; takeOver?: boolean },
): Promise<ClaimedKycReview> {
  const token = await takeDeskClaim(ctx, kycDesk, options);
  return { ...(await reviewById(ctx, options.id)), release_token: token };
}

/** The review page's heartbeat (not audited); 409 CLAIM_LOST once someone else holds it. */
export const heartbeatKycClaim = (ctx: AppContext, options: { actor: Actor; id: string }) =>
  heartbeatDeskClaim(ctx, kycDesk, options);

/** Ends the caller's own claim (they left the page); another operator's is 409 CLAIMED. */
export async function releaseKycClaim(ctx: AppContext, options: { actor: Actor; id: string }) {
  const released = await dropDeskClaim(ctx, kycDesk, options);
  return { ...(await reviewById(ctx, options.id)), released };
}

/** The closing page's beacon: the release token ends the claim it was given with, once. */
export const releaseKycClaimByToken = (
  ctx: AppContext,
  options: { id: string; token: string; ip: string },
) => releaseDeskClaimByToken(ctx, kycDesk, options);

/**
 * The decision, in one transaction: the submission decided (the claim ends with it), audited,
 * and the seller's notice; then the mail. Approval raises the seller to tier 3.
 */
async function decide(
  ctx: AppContext,
  options: { actor: Actor; id: string; rejection?: RejectKycInput },
): Promise<KycReview> {
  const { actor, rejection } = options;
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockReviewable(tx, options.id, actor, now);
    const note = rejection?.note ? rejection.note : null;
    const decided = await updateSubmission(tx, locked.id, {
      ...endedClaim,
      status: rejection ? 'rejected' : 'approved',
      decidedByUserId: actor.userId,
      decidedAt: now,
      rejectionReason: rejection?.reason ?? null,
      rejectionNote: note,
    });
    await recordAudit(tx, {
      actor,
      action: rejection ? 'kyc.reject' : 'kyc.approve',
      targetType: 'kyc_submission',
      targetId: locked.id,
      before: { status: locked.status, ...claimOf(locked) },
      after: {
        status: decided.status,
        seller: locked.userId,
        ...(rejection && { reason: rejection.reason, note }),
      },
    });
    if (rejection) {
      await recordNotice(tx, {
        userId: locked.userId,
        kind: 'kyc_rejected',
        title: REJECTED_TITLE,
        body: rejectedWords(rejection.reason, note),
        link: kycDocumentsHref(),
        at: now,
      });
    } else {
      // Tier 3, in the decision's transaction, audited as every tier change is (decision 063).
      await setKycTier(tx, {
        userId: locked.userId,
        tier: 3,
        reason: 'documents_approved',
        actor,
      });
      await recordNotice(tx, {
        userId: locked.userId,
        kind: 'kyc_approved',
        title: APPROVED_TITLE,
        body: approvedWords(ctx.config.kycTiers),
        link: kycDocumentsHref(),
        at: now,
      });
    }
    return decided;
  });
  const people = await peopleOf(ctx.db, [row]);
  const seller = people.get(row.userId);
  if (seller) {
    await mailKycDecision(ctx, {
      to: seller.email,
      firstName: seller.firstName,
      decision: rejection
        ? { approved: false, reason: rejection.reason, note: row.rejectionNote }
        : { approved: true },
    });
  }
  return reviewOf(ctx, row, people);
}

export const approveKycSubmission = (ctx: AppContext, options: { actor: Actor; id: string }) =>
  decide(ctx, options);

export const rejectKycSubmission = (
  ctx: AppContext,
  options: { actor: Actor; id: string; rejection: RejectKycInput },
) => decide(ctx, options);
