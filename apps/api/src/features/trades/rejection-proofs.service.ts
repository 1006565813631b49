import { randomBytes } from 'node:crypto';
import {
  REJECTION_PROOF_MESSAGES,
  type RejectionProof,
} from '@karta/shared/schemas/rejection-proofs';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { storeThenCommit } from '../../lib/store-then-commit';
import {
  attachRejectionProof,
  findRejectionProof,
  insertRejectionProof,
} from './rejection-proofs.repository';
import { lockPendingTrade, refuseOthersClaim, tradeNotFound } from './trade-claims';
import { createImageUrlSigner } from './trade-image-urls';
import { reencodeTradePhoto } from './trade-photo';

const signerOf = (ctx: AppContext) => createImageUrlSigner(ctx.keys.photoLinks);

/** Only a trade the caller could reject now: pending, not their own, nobody else's claim. */
async function lockRejectable(ctx: AppContext, tx: Executor, tradeId: string, actor: Actor) {
  const trade = await lockPendingTrade(tx, tradeId, actor);
  await refuseOthersClaim(tx, trade, actor, ctx.clock.now());
  return trade;
}

/**
 * The first step of a rejection with proof: the operator's screenshot, checked and re-encoded
 * like a card photo (nothing of the original file is kept), stored, and audited. The trade is
 * checked before the image is decoded and again, locked, before the row is written; the image
 * is stored before that row and removed again if the row is not written. The rejection then
 * names it (`proof_id`); until then only the uploader has its link.
 */
export async function uploadRejectionProof(
  ctx: AppContext,
  options: { actor: Actor; tradeId: string; image: Buffer | undefined },
): Promise<RejectionProof> {
  const { actor, tradeId } = options;
  if (!isUuid(tradeId)) throw tradeNotFound();
  await ctx.db.transaction((tx) => lockRejectable(ctx, tx, tradeId, actor));
  if (!options.image) {
    throw new AppError('BAD_REQUEST', REJECTION_PROOF_MESSAGES.NO_IMAGE, { field: 'image' });
  }
  const photo = await reencodeTradePhoto(options.image);
  const storageKey = `trades/${tradeId}/proof-${randomBytes(8).toString('hex')}.webp`;
  const stored = { key: storageKey, bytes: photo.webp, contentType: 'image/webp' };
  const proof = await storeThenCommit(ctx, [stored], () =>
    ctx.db.transaction(async (tx) => {
      await lockRejectable(ctx, tx, tradeId, actor);
      const row = await insertRejectionProof(tx, {
        tradeId,
        uploadedByUserId: actor.userId,
        storageKey,
        width: photo.width,
        height: photo.height,
        bytes: photo.webp.length,
      });
      await recordAudit(tx, {
        actor,
        action: 'trade.rejection_proof_upload',
        targetType: 'trade',
        targetId: tradeId,
        before: null,
        after: { proof_id: row.id, width: row.width, height: row.height, bytes: row.bytes },
      });
      return row;
    }),
  );
  return {
    id: proof.id,
    url: signerOf(ctx).proofUrlFor(proof.id, ctx.clock.now()),
    width: proof.width,
    height: proof.height,
  };
}

/** In the rejection's transaction: the named proof must be this trade's and not yet used. */
export async function attachProofToRejection(
  tx: Executor,
  options: { proofId: string; tradeId: string; at: Date },
) {
  const attached = isUuid(options.proofId) ? await attachRejectionProof(tx, options) : undefined;
  if (!attached) {
    throw new AppError('BAD_REQUEST', REJECTION_PROOF_MESSAGES.NOT_FOUND, { field: 'proof_id' });
  }
  return attached;
}

/** A proof behind its signed link; anything else (expired, forged, unknown) is not found. */
export async function getRejectionProofImage(
  ctx: AppContext,
  options: { proofId: string; expires: number; signature: string },
) {
  const notFound = new AppError('NOT_FOUND', 'We could not find this image.');
  const isSigned =
    isUuid(options.proofId) &&
    signerOf(ctx).isValidProof(
      options.proofId,
      options.expires,
      options.signature,
      ctx.clock.now(),
    );
  if (!isSigned) throw notFound;
  const proof = await findRejectionProof(ctx.db, options.proofId);
  const object = proof ? await ctx.storage.get(proof.storageKey) : null;
  if (!object) throw notFound;
  return object;
}
