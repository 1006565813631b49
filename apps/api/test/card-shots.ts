import sharp from 'sharp';
import type { UploadFile } from './trades';

interface Shot {
  brand: string;
  code: string;
  /** The card's colour, as an HSL hue. */
  hue: number;
  /** Where the card lies on the table and how it is turned, so two shots differ like photos do. */
  dx?: number;
  dy?: number;
  angle?: number;
}

/**
 * A phone-like photo of a gift card lying on a striped table, drawn from SVG: real pixels with
 * broad shapes, so a perceptual hash behaves as it does on a real photo.
 */
export async function cardShot({ brand, code, hue, dx = 0, dy = 0, angle = 0 }: Shot) {
  const width = 1600;
  const height = 1200;
  const stripes = Array.from(
    { length: 30 },
    (_, i) =>
      `<rect x="0" y="${String(i * 40)}" width="${String(width)}" height="${String(20 + ((i * 3) % 17))}" fill="hsl(30,40%,${String(30 + ((i * 21) % 25))}%)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">
    <rect width="${String(width)}" height="${String(height)}" fill="hsl(30,35%,45%)"/>${stripes}
    <g transform="translate(${String(300 + dx)},${String(250 + dy)}) rotate(${String(angle)} 500 320)">
      <rect width="1000" height="640" rx="40" fill="hsl(${String(hue)},70%,40%)"/>
      <text x="60" y="150" font-size="110" font-family="sans-serif" font-weight="bold" fill="white">${brand}</text>
      <rect x="60" y="420" width="880" height="140" rx="20" fill="#eee"/>
      <text x="90" y="515" font-size="80" font-family="monospace" fill="#111">${code}</text>
    </g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

export const asJpeg = (bytes: Buffer, name = 'card.jpg'): UploadFile => ({
  name,
  type: 'image/jpeg',
  bytes,
});

/** The same picture sent again: half the size and re-encoded at JPEG quality 60. */
export const resizedAndReencoded = (bytes: Buffer) =>
  sharp(bytes).resize(800).jpeg({ quality: 60 }).toBuffer();
