import type { FastifyInstance } from 'fastify';
import type { Session } from './accounts';
import { cardPhoto, type UploadFile } from './trades';

/**
 * Tier 3's documents as the seller's form sends them (decision 066): multipart, one file per
 * field, built by hand like test/trades.ts's trade photos.
 */
export interface DocumentPart {
  field: string;
  file: UploadFile;
}

/** A multipart body with each file in its own field, built by hand like test/trades.ts's. */
function documentsBody(fields: Record<string, string>, parts: DocumentPart[]) {
  const boundary = `----karta-kyc-${String(Math.random()).slice(2)}`;
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const { field, file } of parts) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(pieces),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const LICENCE_FIELDS = {
  id_type: 'drivers_licence',
  id_number: 'LAG-12345-AB',
  address: '14 Adeola Odeku Street, Victoria Island, Lagos',
};

export async function allDocumentParts(): Promise<DocumentPart[]> {
  return [
    { field: 'id_front', file: await cardPhoto(640, 400) },
    { field: 'id_back', file: await cardPhoto(640, 400) },
    { field: 'selfie', file: await cardPhoto(480, 640) },
    { field: 'proof_of_address', file: await cardPhoto(600, 800) },
  ];
}

/** Sends the documents for the seller (or, to test the owner rule, for `userId`). */
export async function sendKycDocuments(
  app: FastifyInstance,
  seller: Session,
  options: { fields?: Record<string, string>; parts?: DocumentPart[]; userId?: string } = {},
) {
  const body = documentsBody(
    options.fields ?? LICENCE_FIELDS,
    options.parts ?? (await allDocumentParts()),
  );
  return app.inject({
    method: 'POST',
    url: `/api/v1/user/kyc_documents/${options.userId ?? seller.user.id}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: seller.token },
  });
}
