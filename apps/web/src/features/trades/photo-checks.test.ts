import { TRADE_IMAGE_MAX_BYTES } from '@karta/shared/constants';
import { describe, expect, it } from 'vitest';
import { checkPhotos } from './photo-checks';

const photo = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

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

  it('says which file is of the wrong type or over 5 MB', () => {
    const result = checkPhotos(0, [
      photo('notes.pdf', 'application/pdf'),
      photo('big.jpg', 'image/jpeg', TRADE_IMAGE_MAX_BYTES + 1),
      photo('ok.jpg', 'image/jpeg', TRADE_IMAGE_MAX_BYTES),
    ]);
    expect(result.accepted.map((file) => file.name)).toEqual(['ok.jpg']);
    expect(result.problems).toEqual([
      'notes.pdf is not a photo we can use. Choose a JPEG, PNG, WebP or HEIC photo.',
      'big.jpg is 5.0 MB. Each photo can be at most 5 MB.',
    ]);
  });

  it('stops at 10 photos and says how many were left out', () => {
    const files = Array.from({ length: 4 }, (_, i) => photo(`p${String(i)}.png`, 'image/png'));
    const result = checkPhotos(8, files);
    expect(result.accepted).toHaveLength(2);
    expect(result.problems).toEqual(['You can add up to 10 photos, so 2 photos were not added.']);
  });
});
