/**
 * Karta's own card art: a flat card in the brand's colour with the brand's name set in type.
 * No logos, so nothing is copied and nothing needs a licence.
 */
const WIDTH = 320;
const HEIGHT = 200;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => `&#${String(char.codePointAt(0))};`);

/** Dark text on light brands, white on dark ones (relative luminance, WCAG's formula). */
function pickTextColour(hex: string): string {
  const channels = [1, 3, 5].map((start) => {
    const value = parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? '#111827' : '#ffffff';
}

/** Long names get smaller type so they stay on the card. */
const fontSizeFor = (name: string) => (name.length > 16 ? 22 : name.length > 10 ? 28 : 34);

export function drawCardArt(card: { name: string; brandColour: string }): string {
  const text = pickTextColour(card.brandColour);
  const name = escapeXml(card.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${name} gift card">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="16" fill="${card.brandColour}"/>`,
    `<rect x="24" y="28" width="40" height="30" rx="6" fill="${text}" opacity="0.25"/>`,
    `<text x="24" y="${HEIGHT - 36}" fill="${text}" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="${fontSizeFor(card.name)}">${name}</text>`,
    `<text x="${WIDTH - 24}" y="52" fill="${text}" opacity="0.8" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="14">GIFT CARD</text>`,
    '</svg>',
  ].join('');
}
