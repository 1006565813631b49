import { useId } from 'react';

interface GiftCardArtProps {
  /** The brand's name, set in type on the card (never a copied logo, docs/brand.md). */
  name: string;
  /** The card's base colour, in the brand's colour family. */
  colour: string;
  /** A second colour for the corner shapes; a lighter wash of the base by default. */
  accent?: string;
  /** Colour of the lettering; white by default, dark for pale cards. */
  ink?: string;
  className?: string;
}

/** Brands people trade often, in their colour families, for carousels and illustrations. */
export const GIFT_CARD_BRANDS = [
  { name: 'Amazon', colour: '#232F3E', accent: '#FF9900' },
  { name: 'Apple', colour: '#1D1D1F', accent: '#A1A1A6' },
  { name: 'Steam', colour: '#1B2838', accent: '#66C0F4' },
  { name: 'Google Play', colour: '#1A73E8', accent: '#34A853' },
  { name: 'Razer Gold', colour: '#111111', accent: '#D4A62A' },
  { name: 'Sephora', colour: '#000000', accent: '#FFFFFF' },
] as const satisfies readonly GiftCardArtProps[];

/**
 * A flat gift card in a brand's colours with its name in type: our own art, light enough
 * (a few SVG shapes) to sit in the first bundle.
 */
export function GiftCardArt({
  name,
  colour,
  accent,
  ink = '#FFFFFF',
  className = '',
}: GiftCardArtProps) {
  const shineId = useId();
  const cornerColour = accent ?? '#FFFFFF';
  const fontSize = name.length > 8 ? 34 : 42;
  return (
    <svg
      viewBox="0 0 320 200"
      role="img"
      aria-label={`${name} gift card`}
      className={`h-auto w-full ${className}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id={shineId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#FFFFFF" stopOpacity="0.16" />
          <stop offset="0.6" stopColor="#FFFFFF" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="320" height="200" rx="16" fill={colour} />
      <circle cx="300" cy="10" r="92" fill={cornerColour} opacity="0.22" />
      <circle cx="318" cy="-6" r="54" fill={cornerColour} opacity="0.35" />
      <rect x="24" y="150" width="96" height="6" rx="3" fill={cornerColour} opacity="0.9" />
      <rect width="320" height="200" rx="16" fill={`url(#${shineId})`} />
      <text
        x="24"
        y="44"
        fill={ink}
        opacity="0.8"
        fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
        fontSize="13"
        fontWeight="600"
        letterSpacing="2"
      >
        GIFT CARD
      </text>
      <text
        x="24"
        y="124"
        fill={ink}
        fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
        fontSize={fontSize}
        fontWeight="800"
        letterSpacing="-1"
      >
        {name}
      </text>
    </svg>
  );
}
