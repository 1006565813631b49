import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { listAllOf } from './kyc-documents.repository';

/** Every set of documents the seller sent, oldest first, with the decision; photos described. */
export async function exportKycDocuments(
  tx: Executor,
  userId: string,
): Promise<DataExport['kyc_documents']> {
  const rows = await listAllOf(tx, userId);
  return rows.map((row) => ({
    id_type: row.idType,
    id_number: row.idNumber,
    address: row.address,
    status: row.status,
    submitted_at: row.submittedAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
    rejection_note: row.rejectionNote,
    photos: `${row.idBackKey ? '4 photos' : '3 photos'} kept (the ID${row.idBackKey ? ', both sides' : ''}, a selfie and a proof of address), re-encoded; not included in this file`,
  }));
}
