import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { toAdminCardView } from './admin-views';
import { reencodeCardImage } from './card-image';
import * as admin from './catalog-admin.repository';
import * as catalog from './catalog.repository';

const CARD_NOT_FOUND = 'We could not find this gift card.';

/** Named by its content: the same picture uploaded again is the same object and the same URL. */
const imageKeyFor = (cardId: string, webp: Buffer) =>
  `cards/${cardId}/${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;

/**
 * Replaces a card's image. The card is looked up before the upload is read, so an unknown card
 * costs nothing; the stored object is written before the card points at it, so a reader never
 * follows a key to nothing. Earlier images stay in storage: the audit log names them.
 */
export async function uploadCardImage(
  ctx: AppContext,
  options: { actor: Actor; cardId: string; readUpload: () => Promise<Buffer> },
) {
  const { actor, cardId } = options;
  const existing = isUuid(cardId) ? await catalog.findCard(ctx.db, cardId) : undefined;
  if (!existing) throw new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'id' });

  const webp = await reencodeCardImage(await options.readUpload());
  const imageKey = imageKeyFor(existing.id, webp);
  await ctx.storage.put(imageKey, webp, 'image/webp');

  return ctx.db.transaction(async (tx) => {
    const current = await admin.lockCard(tx, existing.id);
    if (!current) throw new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'id' });
    const row = await admin.updateCard(tx, current.id, { imageKey, updatedAt: ctx.clock.now() });
    await recordAudit(tx, {
      actor,
      action: 'catalog.card.image',
      targetType: 'gift_card',
      targetId: row.id,
      before: { image_key: current.imageKey },
      after: { image_key: row.imageKey, bytes: webp.length },
    });
    return toAdminCardView(row);
  });
}
