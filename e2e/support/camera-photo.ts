import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface CameraPhoto {
  file: string;
  bytes: number;
}

/**
 * A 4000 × 3000 JPEG as a 12 MP phone camera writes one: light falling across a card on a
 * table, the sensor's grain (`grain`, 0–255: more grain, more bytes, as in a dim room) and a
 * printed code, with the camera's EXIF orientation (6: held upright, stored on its side).
 * Deterministic, so the same photo weighs the same on every run.
 */
export async function cameraPhoto(
  name: string,
  { grain, orientation = 1 }: { grain: number; orientation?: number },
): Promise<CameraPhoto> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const onCard = x > 800 && x < 3200 && y > 700 && y < 2300;
      const light = 90 + (120 * x) / width + (30 * y) / height;
      const base = onCard
        ? [light + 40, light + 10, light - 50]
        : [light - 30, light - 40, light - 55];
      const noise = (random() - 0.5) * grain;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        pixels[i + c] = Math.max(0, Math.min(255, Math.round((base[c] ?? 0) + noise)));
      }
    }
  }
  const code = Buffer.from(
    `<svg width="${String(width)}" height="${String(height)}" xmlns="http://www.w3.org/2000/svg">` +
      `<rect x="1100" y="1500" width="1800" height="260" fill="#e8e8e8"/>` +
      `<text x="1150" y="1680" font-family="monospace" font-size="120" fill="#111">X7KQ-42PL-9MZD</text>` +
      `</svg>`,
  );
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: code }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation })
    .toBuffer();
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'karta-camera-')), name);
  writeFileSync(file, jpeg);
  return { file, bytes: jpeg.length };
}
