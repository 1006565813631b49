import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heicDeclaring, heicOverlay } from '../../../test/pixel-bombs';
import { heifDeclaredPixels, heifDeclaredSizes } from './heif-declared-size';

const fixture = readFileSync(new URL('../../../test/fixtures/card-photo.heic', import.meta.url));

describe('heifDeclaredSizes reads the sizes a HEIC declares, decoding nothing', () => {
  it("an iPhone-style grid: its tile's and its own ispe, and the grid's canvas (16-bit)", () => {
    expect(heifDeclaredSizes(fixture)).toEqual([
      { width: 96, height: 64 },
      { width: 96, height: 60 },
      { width: 96, height: 60 },
    ]);
  });

  it("an overlay's canvas (32-bit), even where its ispe says less", () => {
    expect(heifDeclaredPixels(heicOverlay(10_000, 10_000))).toBe(100_000_000);
    expect(heifDeclaredPixels(heicOverlay(20_000, 10_000, { width: 96, height: 64 }))).toBe(
      200_000_000,
    );
    expect(heifDeclaredPixels(heicDeclaring(10_000, 10_000))).toBe(100_000_000);
  });

  it('a box with a 64-bit size before meta, and a file cut after its meta', () => {
    const free = Buffer.alloc(16);
    free.writeUInt32BE(1, 0);
    free.write('free', 4, 'latin1');
    free.writeBigUInt64BE(16n, 8);
    const meta = fixture.indexOf('meta') - 4;
    const moved = Buffer.concat([fixture.subarray(0, meta), free, fixture.subarray(meta)]);
    expect(heifDeclaredPixels(moved)).toBe(96 * 64);
    // The photo data (mdat) cut short is the decoder's to judge; the sizes are all in meta.
    expect(heifDeclaredPixels(fixture.subarray(0, fixture.length - 100))).toBe(96 * 64);
  });

  it('nothing it can read: no meta, a meta cut short, no ispe', () => {
    expect(heifDeclaredSizes(Buffer.from('not a heic at all'))).toBeUndefined();
    expect(heifDeclaredSizes(fixture.subarray(0, fixture.indexOf('iprp')))).toBeUndefined();
    const noIspe = Buffer.from(fixture);
    for (let at = noIspe.indexOf('ispe'); at !== -1; at = noIspe.indexOf('ispe', at)) {
      noIspe.write('xxxx', at, 'latin1');
    }
    // The grid's canvas is still declared; without it too, nothing is.
    expect(heifDeclaredSizes(noIspe)).toEqual([{ width: 96, height: 60 }]);
  });

  it('never throws and never loops, whatever the bytes (cut, overwritten)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat(fixture.length - 1), byte: fc.nat(255) }), {
          maxLength: 8,
        }),
        fc.nat(fixture.length),
        (changes, length) => {
          const bytes = Buffer.from(fixture.subarray(0, Math.max(length, 1)));
          for (const { at, byte } of changes) if (at < bytes.length) bytes[at] = byte;
          const sizes = heifDeclaredSizes(bytes);
          expect(sizes === undefined || Array.isArray(sizes)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
