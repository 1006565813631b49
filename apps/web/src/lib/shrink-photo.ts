/**
 * Photos made smaller in the browser before they go up (decision 073). A phone's 12 MP photo is
 * 3–6 MB: about 75 s on slow 3G, and refused over 5 MB. The server keeps at most 2400 px on the
 * long side anyway (trade-photo.ts), so 2000 px at JPEG quality 0.9 loses nothing an operator
 * needs to read a printed code, and is a fifth of the bytes or less.
 *
 * No library: the browser's own decoder (createImageBitmap, which turns the photo upright from
 * its EXIF orientation) and a canvas. Where either is missing (an old browser, jsdom) or cannot
 * read the file (HEIC outside Safari), the photo goes up as it was, and the server's checks
 * decide as before.
 */

/** The long side of a photo as it is uploaded. */
const SHRUNK_LONG_SIDE = 2000;
/** High enough that small print in a photo stays sharp after the server's own WebP. */
const SHRUNK_QUALITY = 0.9;
/** A photo this small goes up as it is: about 6 s on slow 3G (400 kbps), not worth decoding. */
export const SMALL_PHOTO_BYTES = 300 * 1024;
/** A new JPEG that saves less than this share is not worth a second lossy pass. */
const MIN_SAVING = 0.1;

/** The size to draw a photo at: within the long side, never enlarged. */
export function shrunkSize(
  width: number,
  height: number,
  longSide: number = SHRUNK_LONG_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** Whether a photo is worth decoding and drawing again at all. */
export const isSmallEnough = (file: Blob): boolean => file.size <= SMALL_PHOTO_BYTES;

/**
 * The file to upload: the new JPEG only when there is one and it saves at least a tenth; never a
 * bigger file than the seller picked. It keeps the picked file's name, which the seller knows (the
 * server goes by the bytes, never the name).
 */
export function smallerFile(original: File, encoded: Blob | null): File {
  // A browser that cannot write JPEG hands back a PNG: that is no saving.
  if (
    !encoded ||
    encoded.type !== 'image/jpeg' ||
    encoded.size > original.size * (1 - MIN_SAVING)
  ) {
    return original;
  }
  return new File([encoded], original.name, {
    type: 'image/jpeg',
    lastModified: original.lastModified,
  });
}

const canShrink = () =>
  typeof createImageBitmap === 'function' &&
  typeof document !== 'undefined' &&
  typeof HTMLCanvasElement !== 'undefined' &&
  typeof HTMLCanvasElement.prototype.toBlob === 'function';

async function decode(file: File): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null; // a format this browser cannot draw (HEIC outside Safari): sent as it is
  }
}

/** Each shrink's time is a `performance` measure of this name (e2e/photo-shrink.e2e.ts reads it). */
const SHRINK_MEASURE = 'karta:shrink-photo';

/** The photo drawn again at most SHRUNK_LONG_SIDE wide or tall, as a JPEG; or the file itself. */
export async function shrinkPhoto(file: File): Promise<File> {
  if (isSmallEnough(file) || !canShrink()) return file;
  const start = performance.now();
  try {
    return await drawSmaller(file);
  } finally {
    try {
      performance.measure(SHRINK_MEASURE, { start, end: performance.now() });
    } catch {
      // A browser without measure options (before 2020) only loses the timing.
    }
  }
}

async function drawSmaller(file: File): Promise<File> {
  const bitmap = await decode(file);
  if (!bitmap) return file;
  const canvas = document.createElement('canvas');
  try {
    const size = shrunkSize(bitmap.width, bitmap.height);
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const encoded = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/jpeg', SHRUNK_QUALITY);
    });
    return smallerFile(file, encoded);
  } finally {
    bitmap.close();
    // A phone keeps a canvas's pixels until it is collected: let go of them now.
    canvas.width = 0;
    canvas.height = 0;
  }
}

export interface ShrunkPhotos {
  files: File[];
  /** What the picked files weighed, and what goes up instead; equal when nothing shrank. */
  bytesBefore: number;
  bytesAfter: number;
}

/** Each photo in turn (one decoded photo in memory at a time: a 48 MP one is 190 MB). */
export async function shrinkPhotos(files: readonly File[]): Promise<ShrunkPhotos> {
  const shrunk: File[] = [];
  for (const file of files) shrunk.push(await shrinkPhoto(file));
  const total = (list: readonly File[]) => list.reduce((sum, file) => sum + file.size, 0);
  return { files: shrunk, bytesBefore: total(files), bytesAfter: total(shrunk) };
}

/** "640 KB" under a megabyte, "3.4 MB" from there (1024-based, as the 5 MB limit is). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${String(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "3.4 MB → 640 KB", or nothing when no photo shrank. */
export function savedSize({ bytesBefore, bytesAfter }: ShrunkPhotos): string | null {
  if (bytesAfter >= bytesBefore) return null;
  return `${formatBytes(bytesBefore)} → ${formatBytes(bytesAfter)}`;
}
