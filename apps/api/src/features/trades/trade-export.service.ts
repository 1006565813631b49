import { asc, eq } from 'drizzle-orm';
import { koboToNaira } from '@karta/shared/money';
import type { DataExport } from '@karta/shared/schemas/data-export';
import type { Executor } from '../../db/client';
import { trades } from '../../db/schema/trades';
import { listAdjustments } from './trade-adjustments.repository';
import { toTradeView, type PhotoLinks } from './trade-view';
import { loadTradeRecords } from './trades.repository';

type ExportedTrade = DataExport['trades'][number];

/** Records loaded per statement: a busy seller's thousands of trades in a few round trips. */
const CHUNK = 200;

/** The export describes photos instead of linking them: a link lives minutes, the file years. */
const NO_LINKS: PhotoLinks = { urlFor: () => '', proofUrlFor: () => '' };

const CARD_PHOTO = 'A photo of the card you sent. Karta keeps the file; ask support for a copy.';
const ANSWER_PHOTO =
  'A photo you sent with an answer. Karta keeps the file; ask support for a copy.';
const PROOF_PHOTO =
  'The image our operator gave as proof of the rejection; it is on the trade page.';

const described =
  (description: string) =>
  ({ id, width, height }: { id: string; width: number; height: number }) => ({
    id,
    width,
    height,
    description,
  });

/**
 * Every trade of the seller, oldest first, as their own trade page tells it (the seller's
 * timeline: never operators' names nor the four-eyes steps), with what they sent (the comment,
 * e-codes included) and each photo described; plus any naira an admin added to the credit.
 */
export async function exportTrades(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<ExportedTrade[]> {
  const idRows = await tx
    .select({ id: trades.id })
    .from(trades)
    .where(eq(trades.userId, userId))
    .orderBy(asc(trades.createdAt), asc(trades.id));
  const exported: ExportedTrade[] = [];
  for (let start = 0; start < idRows.length; start += CHUNK) {
    const ids = idRows.slice(start, start + CHUNK).map((row) => row.id);
    // One statement at a time: the caller's transaction is one connection.
    const records = await loadTradeRecords(tx, ids);
    const adjustments = await listAdjustments(tx, ids);
    for (const record of records) {
      const view = toTradeView(record, NO_LINKS, now);
      exported.push({
        id: view.id,
        reference: view.reference,
        gift_card: { id: view.gift_card.id, name: view.gift_card.name },
        subcategory: view.subcategory,
        amount: view.amount,
        rate: view.rate,
        expected_value: view.expected_value,
        final_value: view.final_value,
        status: view.status,
        comment: view.comment,
        photos: view.images.map(described(CARD_PHOTO)),
        rejection_reason: view.rejection_reason,
        review_note: view.review_note,
        rejection_proof: view.rejection_proof && described(PROOF_PHOTO)(view.rejection_proof),
        device: view.device,
        created_at: view.created_at,
        reviewed_at: view.reviewed_at,
        cancelled_at: record.trade.cancelledAt?.toISOString() ?? null,
        timeline: view.timeline.map(({ images, ...step }) => ({
          ...step,
          ...(images && { photos: images.map(described(ANSWER_PHOTO)) }),
        })),
        if_no_answer: view.if_no_answer,
        counter_offer: view.counter_offer,
        adjustments: adjustments
          .filter((adjustment) => adjustment.tradeId === record.trade.id)
          .map((adjustment) => ({
            amount: koboToNaira(adjustment.amountKobo),
            reason: adjustment.reason,
            status: adjustment.status,
            created_at: adjustment.createdAt.toISOString(),
            decided_at: adjustment.decidedAt?.toISOString() ?? null,
          })),
      });
    }
  }
  return exported;
}
