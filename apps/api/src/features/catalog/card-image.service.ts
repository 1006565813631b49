import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { recordAudit, type Actor } from '../../lib/audit-log';
import { isUuid } from '../../lib/ids';
import { removeObjects, storeThenCommit } from '../../lib/store-then-commit';
import { toAdminCardView } from './admin-views';
import { reencodeCardImage } from './card-image';
import * as admin from './catalog-admin.repository';
import * as catalog from './catalog.repository';

const CARD_NOT_FOUND = 'We could not find this gift card.';

/**
 * A new name for every upload, even of the same picture: a key is never written again once a
 * card has let go of it, so removing the old image can never remove one that a concurrent
 * upload has just written under the same name.
 */
const newImageKey = (cardId: string) => `cards/${cardId}/${randomBytes(16).toString('hex')}.webp`;

/**
 * Replaces a card's image. The card is looked up before the upload is read, so an unknown card
 * costs nothing; the stored object is written before the card points at it, so a reader never
 * follows a key to nothing (and is removed again if the card is not updated). After the commit
 * the image it replaced is removed once no card shows it; the audit log keeps its key.
 */
export async function uploadCardImage(
  ctx: AppContext,
  options: { actor: Actor; cardId: string; readUpload: () => Promise<Buffer> },
) {
  const { actor, cardId } = options;
  const existing = isUuid(cardId) ? await catalog.findCard(ctx.db, cardId) : undefined;
  if (!existing) throw new AppError('NOT_FOUND', CARD_NOT_FOUND, { field: 'id' });

  const webp = await reencodeCardImage(await options.readUpload());
  const imageKey = newImageKey(existing.id);
  const stored = { key: imageKey, bytes: webp, contentType: 'image/webp' };
  const { view, replacedKey } = await storeThenCommit(ctx, [stored], () =>
    ctx.db.transaction(async (tx) => {
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
      return { view: toAdminCardView(row), replacedKey: current.imageKey };
    }),
  );
  if (replacedKey) await removeUnusedImage(ctx, replacedKey);
  return view;
}

/**
 * After the commit that let go of it: the image goes once no card shows it any more. Never fails
 * the request, which has already succeeded: an image left behind only costs space.
 */
async function removeUnusedImage(ctx: AppContext, imageKey: string) {
  try {
    if (await admin.isImageKeyInUse(ctx.db, imageKey)) return;
  } catch (error) {
    ctx.log.warn({ err: error, keys: [imageKey] }, 'replaced card image kept: in use unknown');
    return;
  }
  await removeObjects(ctx, [imageKey]);
}
