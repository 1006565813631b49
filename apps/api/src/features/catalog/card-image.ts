import {
  CARD_IMAGE_TOO_LARGE,
  CARD_IMAGE_TYPE_REFUSED,
  CARD_IMAGE_TYPES,
} from '@karta/shared/card-image';
import { AppError } from '../../lib/app-error';
import { loadFileType, loadSharp } from '../../lib/image-libraries';

/** Upload limit for one card image, before re-encoding (shared with the console's picker). */
export { CARD_IMAGE_MAX_BYTES } from '@karta/shared/card-image';
/** Larger inputs are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 4000 * 4000;
const OUTPUT = { width: 800, height: 500, quality: 82 } as const;

/** Decided by the bytes, never by the file's name or declared type. */
const ACCEPTED_TYPES = new Set<string>(CARD_IMAGE_TYPES);

const IMAGE_TYPE_REFUSED = CARD_IMAGE_TYPE_REFUSED;
export const IMAGE_TOO_LARGE = CARD_IMAGE_TOO_LARGE;
const TOO_MANY_PIXELS = 'The image is too large. Upload one of at most 4000 × 4000 pixels.';
const UNREADABLE = 'We could not read this image. Upload a JPEG, PNG or WebP image.';

/**
 * What we store of an upload: a fresh WebP drawn from the decoded pixels, so nothing of the
 * original file survives (no metadata, no trailing bytes, no second payload). Turned upright
 * from its EXIF orientation first, then fitted within 800×500 without enlarging.
 */
export async function reencodeCardImage(bytes: Buffer): Promise<Buffer> {
  const fileTypeFromBuffer = await loadFileType();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_TYPES.has(type.mime)) {
    throw new AppError('BAD_REQUEST', IMAGE_TYPE_REFUSED, { field: 'image' });
  }
  // Outside the try: a library that cannot load is our failure (500), not an unreadable image.
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({
        width: OUTPUT.width,
        height: OUTPUT.height,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: OUTPUT.quality })
      .toBuffer();
  } catch (error) {
    const tooManyPixels = error instanceof Error && /pixel limit/i.test(error.message);
    throw new AppError('BAD_REQUEST', tooManyPixels ? TOO_MANY_PIXELS : UNREADABLE, {
      field: 'image',
      cause: error,
    });
  }
}
