import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  isSmallEnough,
  savedSize,
  shrinkPhoto,
  shrinkPhotos,
  shrunkSize,
  smallerFile,
  SMALL_PHOTO_BYTES,
} from './shrink-photo';

const KB = 1024;
const MB = 1024 * KB;
const file = (size: number, name = 'card.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
const jpeg = (size: number) => new Blob([new Uint8Array(size)], { type: 'image/jpeg' });

describe('shrunkSize', () => {
  it('fits the long side within 2000 px, landscape or portrait, keeping the shape', () => {
    expect(shrunkSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
    expect(shrunkSize(8000, 6000)).toEqual({ width: 2000, height: 1500 });
    expect(shrunkSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(shrunkSize(9000, 10)).toEqual({ width: 2000, height: 2 });
  });

  it('never enlarges a photo', () => {
    expect(shrunkSize(1200, 750)).toEqual({ width: 1200, height: 750 });
    expect(shrunkSize(2000, 2000)).toEqual({ width: 2000, height: 2000 });
  });
});

describe('isSmallEnough', () => {
  it('lets a photo of 300 KB or less go up as it is', () => {
    expect(isSmallEnough(file(SMALL_PHOTO_BYTES))).toBe(true);
    expect(isSmallEnough(file(SMALL_PHOTO_BYTES + 1))).toBe(false);
  });
});

describe('smallerFile', () => {
  const original = file(3.4 * MB, 'front.png', 'image/png');

  it('takes the new JPEG under the picked name when it saves at least a tenth', () => {
    const chosen = smallerFile(original, jpeg(640 * KB));
    expect(chosen).not.toBe(original);
    expect(chosen.size).toBe(640 * KB);
    expect(chosen.type).toBe('image/jpeg');
    expect(chosen.name).toBe('front.png');
    expect(chosen.lastModified).toBe(original.lastModified);
  });

  it('never makes a file bigger, nor re-encodes for a small saving', () => {
    expect(smallerFile(original, jpeg(original.size + 1))).toBe(original);
    expect(smallerFile(original, jpeg(original.size))).toBe(original);
    expect(smallerFile(original, jpeg(Math.ceil(original.size * 0.95)))).toBe(original);
  });

  it('keeps the original when the browser wrote nothing or another format', () => {
    expect(smallerFile(original, null)).toBe(original);
    expect(smallerFile(original, new Blob([new Uint8Array(10)], { type: 'image/png' }))).toBe(
      original,
    );
  });
});

describe('savedSize', () => {
  it('says what was saved in the words the picker shows', () => {
    expect(formatBytes(640 * KB)).toBe('640 KB');
    expect(formatBytes(3.4 * MB)).toBe('3.4 MB');
    expect(formatBytes(100)).toBe('1 KB');
    expect(savedSize({ files: [], bytesBefore: 3.4 * MB, bytesAfter: 640 * KB })).toBe(
      '3.4 MB → 640 KB',
    );
    expect(savedSize({ files: [], bytesBefore: 200 * KB, bytesAfter: 200 * KB })).toBeNull();
  });
});

describe('shrinkPhoto without a canvas (jsdom, an old browser)', () => {
  it('hands the photo back untouched, so the server decides as before', async () => {
    const big = file(6 * MB);
    expect(await shrinkPhoto(big)).toBe(big);
    const result = await shrinkPhotos([big, file(10 * KB)]);
    expect(result.bytesAfter).toBe(result.bytesBefore);
    expect(result.files[0]).toBe(big);
  });
});
