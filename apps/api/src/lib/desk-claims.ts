import type { AuditAction } from '@karta/shared/audit-actions';
import { getLagosClockTime } from '@karta/shared/dates';
import type { Database, Executor } from '../db/client';
import { AppError } from './app-error';
import { recordAudit, type Actor } from './audit-log';
import { isReleaseToken, isSilent, newReleaseToken } from './claim-liveness';
import { addSeconds, type Clock } from './clock';
import { isUuid } from './ids';

/**
 * One claim mechanism for every review desk (decision 078; the rules are decisions 020 and 072):
 * one operator at a time works on an item, for REVIEW_CLAIM_MINUTES at a time, kept by the
 * page's heartbeat, released by the page (with the session, or by a beacon carrying the claim's
 * single-use release token), and taken over by another operator once the page has been silent
 * for CLAIM_TAKEOVER_SILENCE_SECONDS. Every step locks the item's row first, so claims and
 * decisions on one item queue behind each other. A desk says how to lock and write its rows,
 * which of its rows may be worked on, its words and its audit names (`ClaimDesk`).
 */

/** The four columns a claimable row carries. */
export interface ClaimColumns {
  claimedByUserId: string | null;
  claimExpiresAt: Date | null;
  claimSeenAt: Date | null;
  claimReleaseTokenHash: string | null;
}

/** What ends a claim (a release, or a decision written with it): its heartbeat and token too. */
export const endedClaim = {
  claimedByUserId: null,
  claimExpiresAt: null,
  claimSeenAt: null,
  claimReleaseTokenHash: null,
} as const;

/** What a desk says about its claims, in words naming what is claimed. */
interface ClaimWords {
  /** Another operator's live claim: who, and until when in Lagos time ("10:42"). */
  claimedBy: (holder: string, until: string) => string;
  /** A take-over refused: the holder's page was heard from less than a minute ago. */
  stillActive: (holder: string) => string;
  /** A heartbeat on a claim someone else holds now. */
  claimLostTo: (holder: string) => string;
  /** A heartbeat on a claim that was released or ran out. */
  CLAIM_ENDED: string;
}

/** One desk's claimable rows: how to read, lock and write them, its words and audit names. */
export interface ClaimDesk<Row extends ClaimColumns & { id: string }> {
  actions: { claim: AuditAction; renew: AuditAction; takeOver: AuditAction; release: AuditAction };
  targetType: string;
  words: ClaimWords;
  notFound: () => AppError;
  /** Locks the row (`FOR UPDATE`); undefined when there is none. */
  lock: (tx: Executor, id: string) => Promise<Row | undefined>;
  /**
   * Locks a row the caller may work on now, or throws the desk's own refusal (their own item, a
   * decided one). Another operator's claim is checked here, not there.
   */
  lockWorkable: (tx: Executor, id: string, actor: Actor) => Promise<Row>;
  /** The kept release token hash, read without a lock (a beacon's caller is unknown). */
  findTokenHash: (db: Executor, id: string) => Promise<string | null>;
  update: (tx: Executor, id: string, values: Partial<ClaimColumns>) => Promise<Row>;
  /** Whether the row's claim lasts now (a desk may end claims with a status as well). */
  isLive: (row: Row, now: Date) => boolean;
  /** "Ada Obi", or words for a holder whose account is gone. */
  nameOf: (tx: Executor, userId: string | null) => Promise<string>;
}

type Claimable = ClaimColumns & { id: string };

/** What the claim steps need of the app's context (the caller hands it in: lib/ is below it). */
interface ClaimContext {
  db: Database;
  clock: Clock;
  config: { tradeReview: { claimMinutes: number } };
}

/** When a claim made now ends. */
const claimEnd = (ctx: ClaimContext, now: Date) =>
  addSeconds(now, ctx.config.tradeReview.claimMinutes * 60);

/** The claim as the audit log records it. */
export const claimOf = (row: Pick<ClaimColumns, 'claimedByUserId' | 'claimExpiresAt'>) => ({
  claimed_by: row.claimedByUserId,
  claimed_until: row.claimExpiresAt?.toISOString() ?? null,
});

/** The claim a take-over ended, with when its holder's page was last heard from. */
const silentClaimOf = (row: ClaimColumns) => ({
  ...claimOf(row),
  last_seen_at: row.claimSeenAt?.toISOString() ?? null,
});

/** 409 CLAIMED when someone else's claim on the row still lasts, naming them and until when. */
export async function refuseOthersClaim<Row extends Claimable>(
  desk: ClaimDesk<Row>,
  tx: Executor,
  row: Row,
  actor: Actor,
  now: Date,
) {
  if (!desk.isLive(row, now) || row.claimedByUserId === actor.userId) return;
  const name = await desk.nameOf(tx, row.claimedByUserId);
  const until = getLagosClockTime(row.claimExpiresAt ?? now);
  throw new AppError('CONFLICT', desk.words.claimedBy(name, until), {
    domainCode: 'CLAIMED',
    field: 'id',
  });
}

/**
 * Claims (or renews the caller's claim on) a row until REVIEW_CLAIM_MINUTES from now, audited
 * (renewals too). Answers the claim's new release token: each claim call replaces the last one,
 * so a second tab's claim is not released when the first tab closes.
 *
 * `takeOver`: another operator's live claim is taken too when their page has been silent for
 * CLAIM_TAKEOVER_SILENCE_SECONDS (audited with the desk's take-over action, naming whose it
 * was); while it is not silent, 409 CLAIMED says they still have it open.
 */
export async function takeDeskClaim<Row extends Claimable>(
  ctx: ClaimContext,
  desk: ClaimDesk<Row>,
  options: { actor: Actor; id: string; takeOver?: boolean },
): Promise<string> {
  const { actor } = options;
  if (!isUuid(options.id)) throw desk.notFound();
  const now = ctx.clock.now();
  const release = newReleaseToken();
  await ctx.db.transaction(async (tx) => {
    const row = await desk.lockWorkable(tx, options.id, actor);
    const isLive = desk.isLive(row, now);
    const isOthers = isLive && row.claimedByUserId !== actor.userId;
    if (isOthers && options.takeOver) {
      if (!isSilent(row.claimSeenAt, now)) {
        const name = await desk.nameOf(tx, row.claimedByUserId);
        throw new AppError('CONFLICT', desk.words.stillActive(name), {
          domainCode: 'CLAIMED',
          field: 'id',
        });
      }
    } else {
      await refuseOthersClaim(desk, tx, row, actor, now);
    }
    const claimed = await desk.update(tx, row.id, {
      claimedByUserId: actor.userId,
      claimExpiresAt: claimEnd(ctx, now),
      claimSeenAt: now,
      claimReleaseTokenHash: release.hash,
    });
    const isRenewal = isLive && !isOthers;
    await recordAudit(tx, {
      actor,
      action: isRenewal
        ? desk.actions.renew
        : isOthers
          ? desk.actions.takeOver
          : desk.actions.claim,
      targetType: desk.targetType,
      targetId: row.id,
      before: isOthers ? silentClaimOf(row) : claimOf(row),
      after: claimOf(claimed),
    });
  });
  return release.token;
}

/**
 * The page's heartbeat: the caller's live claim was heard from now, and lasts
 * REVIEW_CLAIM_MINUTES more. Not audited (two a minute per open page would drown the trail).
 * A claim the caller no longer holds answers 409 CLAIM_LOST, naming who holds it now.
 */
export async function heartbeatDeskClaim<Row extends Claimable>(
  ctx: ClaimContext,
  desk: ClaimDesk<Row>,
  options: { actor: Actor; id: string },
) {
  const { actor } = options;
  if (!isUuid(options.id)) throw desk.notFound();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await desk.lockWorkable(tx, options.id, actor);
    const isLive = desk.isLive(row, now);
    if (row.claimedByUserId !== actor.userId || !isLive) {
      const message = isLive
        ? desk.words.claimLostTo(await desk.nameOf(tx, row.claimedByUserId))
        : desk.words.CLAIM_ENDED;
      throw new AppError('CONFLICT', message, { domainCode: 'CLAIM_LOST', field: 'id' });
    }
    const kept = await desk.update(tx, row.id, {
      claimSeenAt: now,
      claimExpiresAt: claimEnd(ctx, now),
    });
    return {
      until: claimEnd(ctx, now).toISOString(),
      seen_at: (kept.claimSeenAt ?? now).toISOString(),
    };
  });
}

/**
 * Ends a claim with the release token its holder's page sent in a beacon as it closed: no
 * session comes with a beacon, so the token is the credential. It works once, only on the live
 * claim it was given with (a later claim or take-over replaced it), and is audited as the
 * holder's release with `page_closed`. Anything else ends nothing and says so (`false`), whether
 * the row exists or not. The row is locked only once the token matches, so strangers lock nothing.
 */
export async function releaseDeskClaimByToken<Row extends Claimable>(
  ctx: ClaimContext,
  desk: ClaimDesk<Row>,
  options: { id: string; token: string; ip: string },
): Promise<boolean> {
  if (!isUuid(options.id)) return false;
  if (!isReleaseToken(await desk.findTokenHash(ctx.db, options.id), options.token)) return false;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await desk.lock(tx, options.id);
    if (!row?.claimedByUserId) return false;
    if (!isReleaseToken(row.claimReleaseTokenHash, options.token)) return false;
    await desk.update(tx, row.id, endedClaim);
    if (!desk.isLive(row, now)) return false;
    await recordAudit(tx, {
      actor: { userId: row.claimedByUserId, ip: options.ip },
      action: desk.actions.release,
      targetType: desk.targetType,
      targetId: row.id,
      before: claimOf(row),
      after: { ...claimOf(endedClaim), page_closed: true },
    });
    return true;
  });
}

/**
 * Ends the caller's own claim (they left the page); answers whether a live one was ended. An
 * expired claim or none at all is left as it is: leaving a page must never fail. Another
 * operator's live claim is theirs to end: 409 CLAIMED naming them.
 */
export async function dropDeskClaim<Row extends Claimable>(
  ctx: ClaimContext,
  desk: ClaimDesk<Row>,
  options: { actor: Actor; id: string },
): Promise<boolean> {
  const { actor } = options;
  if (!isUuid(options.id)) throw desk.notFound();
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await desk.lock(tx, options.id);
    if (!row) throw desk.notFound();
    await refuseOthersClaim(desk, tx, row, actor, now);
    if (row.claimedByUserId !== actor.userId) return false;
    await desk.update(tx, row.id, endedClaim);
    // An expired claim had already ended: clearing it is housekeeping, not an action.
    if (!desk.isLive(row, now)) return false;
    await recordAudit(tx, {
      actor,
      action: desk.actions.release,
      targetType: desk.targetType,
      targetId: row.id,
      before: claimOf(row),
      after: claimOf(endedClaim),
    });
    return true;
  });
}
