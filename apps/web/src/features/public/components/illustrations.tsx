/**
 * Karta's own flat illustrations, drawn inline (no image requests). They are decorative:
 * the text beside them says everything they show.
 */
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif';

/** A phone showing a trade summary (abstract rows, no made-up numbers) and a naira coin. */
export function PhoneIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 260 300" aria-hidden="true" focusable="false" className={className}>
      <circle cx="200" cy="70" r="56" fill="#FFFFFF" opacity="0.08" />
      <rect x="60" y="20" width="150" height="270" rx="24" fill="#0F172A" />
      <rect x="69" y="30" width="132" height="250" rx="17" fill="#FFFFFF" />
      <rect x="113" y="37" width="44" height="6" rx="3" fill="#0F172A" />
      <text x="82" y="68" fill="#06492D" fontFamily={FONT} fontSize="15" fontWeight="800">
        karta
      </text>
      <rect x="82" y="80" width="106" height="64" rx="10" fill="#1B2838" />
      <circle cx="180" cy="84" r="26" fill="#66C0F4" opacity="0.3" />
      <text x="92" y="124" fill="#FFFFFF" fontFamily={FONT} fontSize="16" fontWeight="800">
        Steam
      </text>
      <rect x="82" y="158" width="56" height="7" rx="3.5" fill="#CBD5E1" />
      <rect x="150" y="158" width="38" height="7" rx="3.5" fill="#0B7A4B" opacity="0.6" />
      <rect x="82" y="176" width="44" height="7" rx="3.5" fill="#CBD5E1" />
      <rect x="158" y="176" width="30" height="7" rx="3.5" fill="#CBD5E1" />
      <rect x="82" y="194" width="64" height="7" rx="3.5" fill="#CBD5E1" />
      <rect x="150" y="194" width="38" height="7" rx="3.5" fill="#0B7A4B" opacity="0.6" />
      <rect x="82" y="226" width="106" height="30" rx="9" fill="#0B7A4B" />
      <rect x="110" y="238" width="50" height="6" rx="3" fill="#FFFFFF" />
      <circle cx="214" cy="226" r="34" fill="#E8A317" />
      <circle
        cx="214"
        cy="226"
        r="26"
        fill="none"
        stroke="#FFFFFF"
        strokeOpacity="0.5"
        strokeWidth="2"
      />
      <text
        x="214"
        y="238"
        textAnchor="middle"
        fill="#06492D"
        fontFamily={FONT}
        fontSize="32"
        fontWeight="800"
      >
        ₦
      </text>
    </svg>
  );
}

/** Three cards fanned over a naira coin: the About page's picture of what Karta does. */
export function CardsFanIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 280 220" aria-hidden="true" focusable="false" className={className}>
      <circle cx="140" cy="116" r="96" fill="#0B7A4B" opacity="0.08" />
      <g transform="rotate(-14 90 120)">
        <rect x="30" y="80" width="130" height="82" rx="10" fill="#232F3E" />
        <rect x="44" y="140" width="44" height="5" rx="2.5" fill="#FF9900" />
      </g>
      <g transform="rotate(10 190 110)">
        <rect x="120" y="70" width="130" height="82" rx="10" fill="#1A73E8" />
        <rect x="134" y="130" width="44" height="5" rx="2.5" fill="#34A853" />
      </g>
      <rect x="75" y="52" width="130" height="82" rx="10" fill="#0B7A4B" />
      <rect x="75" y="70" width="130" height="12" fill="#06492D" />
      <rect x="166" y="108" width="26" height="10" rx="5" fill="#E8A317" />
      <circle cx="140" cy="170" r="30" fill="#E8A317" />
      <text
        x="140"
        y="181"
        textAnchor="middle"
        fill="#06492D"
        fontFamily={FONT}
        fontSize="30"
        fontWeight="800"
      >
        ₦
      </text>
    </svg>
  );
}
