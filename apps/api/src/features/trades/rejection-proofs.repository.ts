import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tradeRejectionProofs } from '../../db/schema/trade-rejection-proofs';

/** A proof as a trade record carries it (JSON from the record's subquery). */
export interface RejectionProofRow {
  id: string;
  width: number;
  height: number;
}

/**
 * The proof attached to a trade's rejection, as one JSON object or null: a subquery of the
 * statement that loads trade records (trades.repository.ts), read off the partial unique index.
 */
export const attachedProofOf = (tradeId: unknown) => sql<RejectionProofRow | null>`(
  select json_build_object('id', ${tradeRejectionProofs.id},
           'width', ${tradeRejectionProofs.width}, 'height', ${tradeRejectionProofs.height})
    from ${tradeRejectionProofs}
   where ${tradeRejectionProofs.tradeId} = ${tradeId}
     and ${tradeRejectionProofs.attachedAt} is not null)`;

export async function insertRejectionProof(
  tx: Executor,
  values: typeof tradeRejectionProofs.$inferInsert,
) {
  const [row] = await tx.insert(tradeRejectionProofs).values(values).returning();
  if (!row) throw new Error('rejection proof insert returned nothing');
  return row;
}

/** Attaches an uploaded, not yet attached proof of this trade; undefined when there is none. */
export async function attachRejectionProof(
  tx: Executor,
  options: { proofId: string; tradeId: string; at: Date },
) {
  const [row] = await tx
    .update(tradeRejectionProofs)
    .set({ attachedAt: options.at })
    .where(
      and(
        eq(tradeRejectionProofs.id, options.proofId),
        eq(tradeRejectionProofs.tradeId, options.tradeId),
        isNull(tradeRejectionProofs.attachedAt),
      ),
    )
    .returning();
  return row;
}

/** A proof, for its signed link (minted only for the uploader, the owner and staff). */
export async function findRejectionProof(tx: Executor, proofId: string) {
  const [row] = await tx
    .select()
    .from(tradeRejectionProofs)
    .where(eq(tradeRejectionProofs.id, proofId));
  return row;
}
