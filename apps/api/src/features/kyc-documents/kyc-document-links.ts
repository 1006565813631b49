import { createHmac, timingSafeEqual } from 'node:crypto';
import { KYC_DOCUMENT_PARTS, type KycDocumentPart } from '@karta/shared/schemas/kyc-documents';

/**
 * Identity documents are shown in `<img>` tags, which cannot send the access token: like card
 * photos (decision 010), the API hands their owner and staff a signed link. These live 10
 * minutes, a third of a photo's, and are signed with a key of their own (lib/keys.ts), so no
 * trade photo's link can ever open one.
 */
const LIFETIME_SECONDS = 10 * 60;

/** The id in a link: the submission and the part, such as `…uuid…_selfie`. */
const linkId = (submissionId: string, part: KycDocumentPart) => `${submissionId}_${part}`;

const sign = (key: Buffer, id: string, expires: number) =>
  createHmac('sha256', key)
    .update(`${id}.${String(expires)}`)
    .digest('base64url');

export function createKycLinkSigner(key: Buffer) {
  return {
    urlFor(submissionId: string, part: KycDocumentPart, now: Date): string {
      const id = linkId(submissionId, part);
      const expires = Math.floor(now.getTime() / 1000) + LIFETIME_SECONDS;
      return `/api/v1/user/kyc_document_images/${id}?expires=${String(expires)}&signature=${sign(key, id, expires)}`;
    },
    /** The submission and part a valid, unexpired link names; undefined for anything else. */
    check(
      id: string,
      expires: number,
      signature: string,
      now: Date,
    ): { submissionId: string; part: KycDocumentPart } | undefined {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now.getTime()) return undefined;
      const expected = Buffer.from(sign(key, id, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const cut = id.indexOf('_');
      const part = id.slice(cut + 1) as KycDocumentPart;
      if (cut < 0 || !KYC_DOCUMENT_PARTS.includes(part)) return undefined;
      return { submissionId: id.slice(0, cut), part };
    },
  };
}
