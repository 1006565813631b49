import {
  TRADE_IMAGE_MAX_BYTES,
  TRADE_IMAGE_TYPES,
  TRADE_IMAGES_MAX,
} from '@karta/shared/constants';

/** What the file picker offers. HEIC often comes with no type at all, so its extension too. */
export const PHOTO_ACCEPT = [...TRADE_IMAGE_TYPES, '.heic'].join(',');

const MAX_MB = TRADE_IMAGE_MAX_BYTES / (1024 * 1024);

function isPhotoType(file: File): boolean {
  if ((TRADE_IMAGE_TYPES as readonly string[]).includes(file.type)) return true;
  return /\.heic$/i.test(file.name) && (file.type === '' || file.type === 'image/heif');
}

const formatMb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Sorts newly picked files into the ones to add and what to tell about the rest, before any
 * byte is uploaded: wrong type, or past the 10-photo limit. (The server checks again, by
 * content; this only spares the user a slow upload that would fail.) The size is checked after
 * the photos are made smaller (checkPhotoSizes).
 */
export function checkPhotos(
  currentCount: number,
  files: readonly File[],
  /** How many photos the form takes in all (an answer to our question takes fewer). */
  max: number = TRADE_IMAGES_MAX,
): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  let overLimit = 0;
  for (const file of files) {
    if (!isPhotoType(file)) {
      problems.push(
        `${file.name} is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC photo.`,
      );
    } else if (currentCount + accepted.length >= max) {
      overLimit += 1;
    } else {
      accepted.push(file);
    }
  }
  if (overLimit > 0) {
    problems.push(
      `You can add up to ${String(max)} photos, so ${String(overLimit)} ${overLimit === 1 ? 'photo was' : 'photos were'} not added.`,
    );
  }
  return { accepted, problems };
}

/**
 * The photos within 5 MB, and a line for each that is not: checked after they were made smaller
 * (lib/shrink-photo.ts), so only a photo the browser could not shrink (HEIC outside Safari) is
 * refused for its size.
 */
export function checkPhotoSizes(files: readonly File[]): { accepted: File[]; problems: string[] } {
  const isWithin = (file: File) => file.size <= TRADE_IMAGE_MAX_BYTES;
  return {
    accepted: files.filter(isWithin),
    problems: files
      .filter((file) => !isWithin(file))
      .map(
        (file) =>
          `${file.name} is ${formatMb(file.size)}. Each photo can be at most ${String(MAX_MB)} MB.`,
      ),
  };
}

/** "ftyp" brands of HEIC and HEIF stills as iPhones and Android phones write them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * Whether a file's first bytes are a JPEG, PNG, WebP or HEIC image, whatever its name or type
 * says: a renamed document is caught before a long upload on a slow network, not after it.
 */
async function isPhotoContent(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n';
  const webp = ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
  const heic = ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12));
  return jpeg || png || webp || heic;
}

/** The files whose bytes are an image, and a line for each that is not. */
export async function checkPhotoContents(
  files: readonly File[],
): Promise<{ accepted: File[]; problems: string[] }> {
  const isPhoto = await Promise.all(files.map((file) => isPhotoContent(file)));
  return {
    accepted: files.filter((_, i) => isPhoto[i]),
    problems: files
      .filter((_, i) => !isPhoto[i])
      .map(
        (file) =>
          `${file.name} is not a photo: its contents are not a JPEG, PNG, WebP or HEIC image.`,
      ),
  };
}
