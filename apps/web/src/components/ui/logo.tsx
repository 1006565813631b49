interface LogoProps {
  /** White wordmark for green backgrounds. */
  isInverted?: boolean;
  className?: string;
}

/** The word "karta" in lowercase bold with a small card-shaped mark (docs/brand.md). */
export function Logo({ isInverted = false, className = '' }: LogoProps) {
  const ink = isInverted ? '#FFFFFF' : '#06492D';
  return (
    <svg
      viewBox="0 0 120 32"
      role="img"
      aria-label="Karta"
      className={`h-8 w-auto ${className}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="1" y="6" width="28" height="20" rx="4" fill={isInverted ? '#FFFFFF' : '#0B7A4B'} />
      <rect x="1" y="11" width="28" height="4" fill={isInverted ? '#0B7A4B' : '#06492D'} />
      <rect x="18" y="19" width="7" height="3" rx="1.5" fill="#E8A317" />
      <text
        x="36"
        y="24"
        fill={ink}
        fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
        fontSize="24"
        fontWeight="800"
        letterSpacing="-0.5"
      >
        karta
      </text>
    </svg>
  );
}
