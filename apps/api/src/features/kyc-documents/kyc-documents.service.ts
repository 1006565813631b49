import { randomBytes } from 'node:crypto';
import {
  KYC_DOCUMENT_MESSAGES,
  KYC_DOCUMENT_PARTS,
  KYC_ID_BACK,
  KYC_REJECTION_REASON_WORDS,
  KycDocumentFieldsSchema,
  type KycDocumentPart,
  type KycSubmission,
  type KycSubmitted,
} from '@karta/shared/schemas/kyc-documents';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import { storeThenCommit, type NewObject } from '../../lib/store-then-commit';
import type { UserRow } from '../../lib/users';
import { parseOrThrow } from '../../lib/validation';
import { reencodeTradePhoto } from '../trades/trade-photo';
import type { KycDocumentUpload } from './kyc-document-upload';
import { createKycLinkSigner } from './kyc-document-links';
import {
  findLatestOf,
  findPendingOf,
  findSubmission,
  insertSubmission,
  type KycSubmissionRow,
} from './kyc-documents.repository';

const signerOf = (ctx: AppContext) => createKycLinkSigner(ctx.keys.kycDocumentLinks);

const PART_LABELS: Record<KycDocumentPart, string> = {
  id_front: 'photo of the front of the ID',
  id_back: 'photo of the back of the ID',
  selfie: 'selfie',
  proof_of_address: 'proof of address (a photo of a utility bill or bank statement)',
};

const pendingConflict = () =>
  new AppError('CONFLICT', KYC_DOCUMENT_MESSAGES.PENDING, { domainCode: 'ALREADY_EXISTS' });

/** The parts this ID type needs, refusing a missing one or a back the ID does not have. */
function partsToStore(idType: keyof typeof KYC_ID_BACK, files: KycDocumentUpload['files']) {
  const back = KYC_ID_BACK[idType];
  if (back === 'refused' && files.id_back) {
    throw new AppError('BAD_REQUEST', KYC_DOCUMENT_MESSAGES.BACK_REFUSED, { field: 'id_back' });
  }
  if (back === 'required' && !files.id_back) {
    throw new AppError('BAD_REQUEST', KYC_DOCUMENT_MESSAGES.BACK_REQUIRED, { field: 'id_back' });
  }
  for (const part of KYC_DOCUMENT_PARTS) {
    if (part !== 'id_back' && !files[part]) {
      throw new AppError('BAD_REQUEST', KYC_DOCUMENT_MESSAGES.FILE_REQUIRED(PART_LABELS[part]), {
        field: part,
      });
    }
  }
  return KYC_DOCUMENT_PARTS.filter((part) => files[part] !== undefined);
}

/** A photo re-encoded like a card photo (nothing of the original file kept); errors name its field. */
async function reencode(part: KycDocumentPart, bytes: Buffer) {
  try {
    return await reencodeTradePhoto(bytes);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.code, error.message, { field: part, cause: error });
  }
}

/**
 * The seller sends tier 3's documents. BVN first; one submission waiting at a time (a rejected
 * one may be sent again as a new one). Fields and files are checked before any photo is decoded;
 * each photo is re-encoded, stored, and then the row naming them is written (storeThenCommit),
 * audited. The unique index on the pending row settles two sends at once.
 */
export async function submitKycDocuments(
  ctx: AppContext,
  options: { user: UserRow; upload: KycDocumentUpload; ip: string },
): Promise<KycSubmitted> {
  const { user, upload } = options;
  // Tier 3 builds on tier 2 (the BVN and the NIN, decision 063): its documents come after them.
  if (user.kycTier < 2) {
    throw new AppError('BAD_REQUEST', KYC_DOCUMENT_MESSAGES.NIN_FIRST, {
      domainCode: 'WRONG_STATUS',
    });
  }
  if (await findPendingOf(ctx.db, user.id)) throw pendingConflict();
  const fields = parseOrThrow(KycDocumentFieldsSchema, upload.fields);
  const parts = partsToStore(fields.id_type, upload.files);
  const folder = `kyc/${user.id}/${randomBytes(8).toString('hex')}`;
  const objects: NewObject[] = [];
  const keys: Partial<Record<KycDocumentPart, string>> = {};
  for (const part of parts) {
    const photo = await reencode(part, upload.files[part] as Buffer);
    keys[part] = `${folder}/${part}.webp`;
    objects.push({ key: keys[part], bytes: photo.webp, contentType: 'image/webp' });
  }
  const at = ctx.clock.now();
  try {
    const row = await storeThenCommit(ctx, objects, () =>
      ctx.db.transaction(async (tx) => {
        const inserted = await insertSubmission(tx, {
          userId: user.id,
          idType: fields.id_type,
          idNumber: fields.id_number,
          address: fields.address,
          idFrontKey: keys.id_front as string,
          idBackKey: keys.id_back ?? null,
          selfieKey: keys.selfie as string,
          proofOfAddressKey: keys.proof_of_address as string,
          submittedAt: at,
        });
        await recordAudit(tx, {
          actor: { userId: user.id, ip: options.ip },
          action: 'kyc.submit',
          targetType: 'kyc_submission',
          targetId: inserted.id,
          before: null,
          after: { id_type: inserted.idType, parts },
        });
        return inserted;
      }),
    );
    return { id: row.id, status: row.status, submitted_at: row.submittedAt.toISOString() };
  } catch (error) {
    if (isUniqueViolation(error, 'kyc_submissions_one_pending_key')) throw pendingConflict();
    throw error;
  }
}

/** The four images' short-lived links (null for a back the ID did not have). */
export function imageLinksOf(ctx: AppContext, row: KycSubmissionRow) {
  const signer = signerOf(ctx);
  const now = ctx.clock.now();
  return {
    id_front: signer.urlFor(row.id, 'id_front', now),
    id_back: row.idBackKey ? signer.urlFor(row.id, 'id_back', now) : null,
    selfie: signer.urlFor(row.id, 'selfie', now),
    proof_of_address: signer.urlFor(row.id, 'proof_of_address', now),
  };
}

/** The rejection as the seller and the desk read it. */
export const rejectionOf = (row: KycSubmissionRow) =>
  row.status === 'rejected' && row.rejectionReason
    ? {
        reason: row.rejectionReason,
        reason_words: KYC_REJECTION_REASON_WORDS[row.rejectionReason],
        note: row.rejectionNote,
      }
    : null;

/** The seller's latest submission, with its status and, after a rejection, why. */
export async function getLatestKycSubmission(
  ctx: AppContext,
  options: { userId: string },
): Promise<KycSubmission | null> {
  const row = await findLatestOf(ctx.db, options.userId);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    id_type: row.idType,
    id_number_last4: row.idNumber.slice(-4),
    address: row.address,
    submitted_at: row.submittedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    rejection: rejectionOf(row),
    images: imageLinksOf(ctx, row),
  };
}

const STORAGE_KEY_OF: Record<KycDocumentPart, keyof KycSubmissionRow> = {
  id_front: 'idFrontKey',
  id_back: 'idBackKey',
  selfie: 'selfieKey',
  proof_of_address: 'proofOfAddressKey',
};

/** One image behind its signed link; anything else (expired, forged, unknown) is not found. */
export async function getKycDocumentImage(
  ctx: AppContext,
  link: { id: string; expires: number; signature: string },
) {
  const notFound = new AppError('NOT_FOUND', 'We could not find this image.');
  const named = signerOf(ctx).check(link.id, link.expires, link.signature, ctx.clock.now());
  if (!named || !isUuid(named.submissionId)) throw notFound;
  const row = await findSubmission(ctx.db, named.submissionId);
  const key = row?.[STORAGE_KEY_OF[named.part]];
  const object = typeof key === 'string' ? await ctx.storage.get(key) : null;
  if (!object) throw notFound;
  return object;
}
