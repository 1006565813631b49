import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heicOverlay } from '../../../test/pixel-bombs';
import { peakGrowthMb } from '../../../test/peak-memory';
import { decodeHeic } from './heic-decoder';

const fixture = readFileSync(new URL('../../../test/fixtures/card-photo.heic', import.meta.url));
const MAX_PIXELS = 50_000_000;

describe('the HEIC decoder in its worker', () => {
  it('decodes a photo to RGBA, and several at once, one after another', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => decodeHeic(fixture, { maxPixels: MAX_PIXELS, declaredPixels: 96 * 64 })),
    );
    for (const result of results) {
      expect(result).toMatchObject({ ok: true, width: 96, height: 60 });
      if (result.ok) expect(result.rgba.length).toBe(96 * 60 * 4);
    }
  });

  it("checks libheif's own reading of the size before it allocates the picture", async () => {
    const result = await decodeHeic(fixture, { maxPixels: 5000, declaredPixels: 96 * 64 });
    expect(result).toEqual({ ok: false, reason: 'too-many-pixels', detail: '96 x 60' });
  });

  it('answers unreadable for bytes that are no HEIC', async () => {
    const result = await decodeHeic(Buffer.from('not a photo'), {
      maxPixels: MAX_PIXELS,
      declaredPixels: 1,
    });
    expect(result).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('a photo that draws more than it declares runs out of its memory budget, not ours', async () => {
    // Its ispe says 96 × 64; its overlay canvas is 10000 × 10000, which libheif allocates (about
    // 290 MB) before it compares the two. trade-photo.ts reads that canvas and never gets here;
    // this is the budget behind it, for any size the boxes do not show.
    const liar = heicOverlay(10_000, 10_000, { width: 96, height: 64 });
    const { result, mb } = await peakGrowthMb(() =>
      decodeHeic(liar, { maxPixels: MAX_PIXELS, declaredPixels: 96 * 64 }),
    );
    expect(result).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(mb, `peak RSS grew by ${String(mb)} MB`).toBeLessThan(100);
    expect(result.ok ? '' : result.detail).toMatch(/Allocating 100000015 bytes failed/);
    // The worker it ended with is replaced: the next photo decodes.
    const next = await decodeHeic(fixture, { maxPixels: MAX_PIXELS, declaredPixels: 96 * 64 });
    expect(next).toMatchObject({ ok: true });
  });
});
