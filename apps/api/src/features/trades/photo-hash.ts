import type { Sharp } from 'sharp';

/**
 * Two photos whose perceptual hashes are at most this many bits apart are "the same picture".
 * Measured (docs/decisions/024-duplicate-cards-and-rejection-proof.md): the same photo re-encoded (WebP, JPEG q40 and q60), resized to
 * a half or a quarter, or turned into PNG lands 0–2 bits from the original; a second shot of
 * the same card, moved a little, 2; photos of different cards 8 or more.
 */
export const PHOTO_MATCH_BITS = 4;

/**
 * Five bands of 13, 13, 13, 13 and 12 bits: hashes at most 4 bits apart differ in at most four
 * bands, so they agree on at least one (pigeonhole). Each band is indexed; a lookup is five
 * index probes, whatever the number of photos kept.
 */
const BAND_BITS = [13, 13, 13, 13, 12] as const;

/** The picture is squeezed to 32 × 32; its lowest 8 × 8 frequencies make the hash. */
const SIDE = 32;
const FREQUENCIES = 8;
const COSINES = Array.from({ length: FREQUENCIES }, (_, u) =>
  Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/**
 * The 64-bit perceptual hash (pHash) of an image: grey, squeezed to 32 × 32, the 8 × 8 lowest
 * frequencies of its cosine transform, one bit each (above the median or not). It keeps the
 * broad layout of light and dark and drops the detail that re-encoding and resizing change.
 * (A difference hash was tried first: flat areas such as a table top flipped its bits, 17 bits
 * apart for the same photo re-encoded.) Signed, so it fits PostgreSQL's bigint. `pipeline` is
 * used up: give it one of its own, not a clone (sharp's clone() copies its input on the event
 * loop, which for a decoded HEIC photo is all of its pixels).
 */
export async function perceptualHash(pipeline: Sharp): Promise<bigint> {
  const pixels = await pipeline
    .autoOrient()
    .grayscale()
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const coefficients: number[] = [];
  for (let u = 0; u < FREQUENCIES; u += 1) {
    for (let v = 0; v < FREQUENCIES; v += 1) {
      let sum = 0;
      for (let y = 0; y < SIDE; y += 1) {
        for (let x = 0; x < SIDE; x += 1) {
          sum += (pixels[y * SIDE + x] ?? 0) * (COSINES[u]?.[y] ?? 0) * (COSINES[v]?.[x] ?? 0);
        }
      }
      coefficients.push(sum);
    }
  }
  // The median of all but the overall brightness (the first), which would skew it.
  const sorted = coefficients.slice(1).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** The hash's five bands, high bits first, each a small non-negative integer. */
export function photoHashBands(hash: bigint): number[] {
  let rest = BigInt.asUintN(64, hash);
  const bands: number[] = [];
  for (const bits of [...BAND_BITS].reverse()) {
    bands.unshift(Number(rest & ((1n << BigInt(bits)) - 1n)));
    rest >>= BigInt(bits);
  }
  return bands;
}
