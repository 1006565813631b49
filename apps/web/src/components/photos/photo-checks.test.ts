import { TRADE_IMAGE_MAX_BYTES } from '@karta/shared/constants';
import { describe, expect, it } from 'vitest';
import { photoFile } from '../../testing/trade-fixtures';
import { checkPhotoContents, checkPhotos, checkPhotoSizes } from './photo-checks';

const photo = (name: string, type: string, size = 16) => photoFile(name, type, size);

describe('checkPhotos', () => {
  it('takes JPEG, PNG, WebP and HEIC (also HEIC with no type)', () => {
    const files = [
      photo('a.jpg', 'image/jpeg'),
      photo('b.png', 'image/png'),
      photo('c.webp', 'image/webp'),
      photo('d.heic', 'image/heic'),
      photo('e.HEIC', ''),
    ];
    expect(checkPhotos(0, files)).toEqual({ accepted: files, problems: [] });
  });

  it('says which file is of the wrong type, and leaves the size to after shrinking', () => {
    const result = checkPhotos(0, [
      photo('notes.pdf', 'application/pdf'),
      photo('big.jpg', 'image/jpeg', TRADE_IMAGE_MAX_BYTES + 1),
    ]);
    expect(result.accepted.map((file) => file.name)).toEqual(['big.jpg']);
    expect(result.problems).toEqual([
      'notes.pdf is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC photo.',
    ]);
  });
});

describe('checkPhotoSizes', () => {
  it('says which photo is still over 5 MB', () => {
    const result = checkPhotoSizes([
      photo('big.jpg', 'image/jpeg', TRADE_IMAGE_MAX_BYTES + 1),
      photo('ok.jpg', 'image/jpeg', TRADE_IMAGE_MAX_BYTES),
    ]);
    expect(result.accepted.map((file) => file.name)).toEqual(['ok.jpg']);
    expect(result.problems).toEqual(['big.jpg is 5.0 MB. Each photo can be at most 5 MB.']);
  });
});

describe('checkPhotos, the count', () => {
  it('stops at 10 photos and says how many were left out', () => {
    const files = Array.from({ length: 4 }, (_, i) => photo(`p${String(i)}.png`, 'image/png'));
    const result = checkPhotos(8, files);
    expect(result.accepted).toHaveLength(2);
    expect(result.problems).toEqual(['You can add up to 10 photos, so 2 photos were not added.']);
  });
});

describe('checkPhotoContents', () => {
  it('reads the first bytes: a JPEG, PNG, WebP or HEIC passes whatever it is called', async () => {
    const files = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'].map((type) =>
      photoFile(`photo.${type.slice(6)}`, type),
    );
    expect(await checkPhotoContents(files)).toEqual({ accepted: files, problems: [] });
  });

  it('refuses a document named like a photo, before any upload', async () => {
    const renamed = new File(['%PDF-1.7 a statement'], 'card.jpg', { type: 'image/jpeg' });
    const avif = new File(['\0\0\0\x1cftypavif'], 'card.heic', { type: 'image/heic' });
    const result = await checkPhotoContents([renamed, avif]);
    expect(result.accepted).toEqual([]);
    expect(result.problems).toEqual([
      'card.jpg is not a photo: its contents are not a JPEG, PNG, WebP or HEIC image.',
      'card.heic is not a photo: its contents are not a JPEG, PNG, WebP or HEIC image.',
    ]);
  });
});
