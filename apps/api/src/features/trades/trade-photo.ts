import type { Sharp } from 'sharp';
import type sharpLibrary from 'sharp';
import { TRADE_IMAGE_MAX_BYTES } from '@karta/shared/constants';
import { AppError } from '../../lib/app-error';
import { loadFileType, loadSharp } from '../../lib/image-libraries';
import { decodeHeic, HeicDecoderUnavailable } from './heic-decoder';
import { heifDeclaredPixels } from './heif-declared-size';
import { perceptualHash } from './photo-hash';

/** Phone cameras reach 48 MP (8000 × 6000); anything larger is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Big enough for an operator to read a card's code; small enough to serve on a slow network. */
const OUTPUT = { longestSide: 2400, quality: 85 } as const;

/** Decided by the bytes, never by the file's name or declared type. */
const SHARP_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** iPhone photos; sharp's own HEIF support covers AVIF only, so these are decoded in WebAssembly. */
const HEIC_TYPES = new Set(['image/heic', 'image/heif']);

const MAX_MB = TRADE_IMAGE_MAX_BYTES / 1024 / 1024;
const PHOTO_TYPE_REFUSED = 'Upload photos as JPEG, PNG, WebP or HEIC images.';
export const PHOTO_TOO_LARGE = `Each photo can be at most ${String(MAX_MB)} MB.`;
const TOO_MANY_PIXELS = 'A photo is too large. Upload photos of at most 50 megapixels.';
const UNREADABLE = 'We could not read one of the photos. Upload a JPEG, PNG, WebP or HEIC image.';

export interface ReencodedPhoto {
  webp: Buffer;
  width: number;
  height: number;
  /** The photo's perceptual hash, for finding the same picture in other trades. */
  phash: bigint;
}

const refuse = (message: string, cause?: unknown) =>
  new AppError('BAD_REQUEST', message, { field: 'images', cause });

/**
 * A HEIC photo's pixels, as RGBA. Nothing is decoded until the file's own boxes say every
 * picture in it is within 50 megapixels (a 3 kB file can declare 10000 × 10000, which is 400 MB
 * decoded); the decoder then runs in its worker, off the event loop (heic-decoder.ts).
 */
async function decodeHeicPhoto(bytes: Buffer) {
  const declaredPixels = heifDeclaredPixels(bytes);
  if (declaredPixels === undefined) throw refuse(UNREADABLE);
  if (declaredPixels > MAX_INPUT_PIXELS) throw refuse(TOO_MANY_PIXELS);
  const image = await decodeHeic(bytes, { maxPixels: MAX_INPUT_PIXELS, declaredPixels });
  if (!image.ok) {
    const message = image.reason === 'too-many-pixels' ? TOO_MANY_PIXELS : UNREADABLE;
    throw refuse(message, new Error(image.detail));
  }
  return image;
}

/**
 * New sharp pipelines over the upload's pixels, each reading the same input (HEIC decoded to raw
 * RGBA first). Not one pipeline and its clone(): sharp copies the input of a clone on the event
 * loop, which for a 50 MP HEIC is 200 MB and a second or more.
 */
async function openPixels(
  sharp: typeof sharpLibrary,
  mime: string,
  bytes: Buffer,
): Promise<() => Sharp> {
  if (!HEIC_TYPES.has(mime)) return () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  const image = await decodeHeicPhoto(bytes);
  return () =>
    sharp(image.rgba, {
      raw: { width: image.width, height: image.height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    });
}

/**
 * What we keep of a card photo: a fresh WebP drawn from the decoded pixels, turned upright from
 * its EXIF orientation and fitted within 2400 px. Nothing of the original file survives: no
 * location or camera metadata, no trailing bytes, no second payload.
 */
export async function reencodeTradePhoto(bytes: Buffer): Promise<ReencodedPhoto> {
  if (bytes.length > TRADE_IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE, { field: 'images' });
  }
  const fileTypeFromBuffer = await loadFileType();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(SHARP_TYPES.has(type.mime) || HEIC_TYPES.has(type.mime))) {
    throw refuse(PHOTO_TYPE_REFUSED);
  }
  // Outside the try: a library that cannot load is our failure (500), not an unreadable photo.
  const sharp = await loadSharp();
  try {
    const pixels = await openPixels(sharp, type.mime, bytes);
    const phash = await perceptualHash(pixels());
    const { data, info } = await pixels()
      .autoOrient()
      .resize({
        width: OUTPUT.longestSide,
        height: OUTPUT.longestSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: OUTPUT.quality })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height, phash };
  } catch (error) {
    if (error instanceof AppError || error instanceof HeicDecoderUnavailable) throw error;
    const tooManyPixels = error instanceof Error && /pixel limit/i.test(error.message);
    throw refuse(tooManyPixels ? TOO_MANY_PIXELS : UNREADABLE, error);
  }
}
