// Writes the web app's install icons (apps/web/public/icons) from one SVG: the card-shaped mark
// of the logo (docs/brand.md) on brand green. Run once when the mark changes
// (`node scripts/make-app-icons.mjs`) and commit what it writes: the PNGs are small and the web
// build then needs no image library (sharp is the API's, hoisted to the root).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');

/**
 * The mark on a green square. `inset` is the share of each side left around the card: a
 * maskable icon keeps its content inside the middle 80 % (the "safe zone"), since launchers crop
 * it to a circle or a squircle, and fills the whole square (no rounded corners of its own).
 */
function iconSvg({ isMaskable }) {
  const size = 512;
  const cardWidth = isMaskable ? 248 : 320;
  const cardHeight = (cardWidth * 2) / 3;
  const x = (size - cardWidth) / 2;
  const y = (size - cardHeight) / 2;
  const unit = cardWidth / 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">
<rect width="${size}" height="${size}" rx="${isMaskable ? 0 : 96}" fill="#0B7A4B"/>
<rect x="${x}" y="${y}" width="${cardWidth}" height="${cardHeight}" rx="${unit * 4}" fill="#FFFFFF"/>
<rect x="${x}" y="${y + unit * 5}" width="${cardWidth}" height="${unit * 4}" fill="#06492D"/>
<rect x="${x + unit * 17}" y="${y + unit * 13}" width="${unit * 7}" height="${unit * 3}" rx="${unit * 1.5}" fill="#E8A317"/>
</svg>
`;
}

mkdirSync(out, { recursive: true });
const plain = iconSvg({ isMaskable: false });
const maskable = iconSvg({ isMaskable: true });
writeFileSync(path.join(out, 'icon.svg'), plain);
for (const [name, svg, size] of [
  ['icon-192.png', plain, 192],
  ['icon-512.png', plain, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
}
console.log(`wrote the app icons into ${path.relative(process.cwd(), out)}`);
