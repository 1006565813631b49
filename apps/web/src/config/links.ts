/* Places outside Karta that the public site links to. (No app-store links: there is no
   Karta app in the stores yet, and the web app trades on a phone; see download-block.tsx.) */

/** The social pages shown under Follow Us (the rest of the spec's icons stay hidden). */
export const SOCIAL_LINKS = {
  x: 'https://x.com/kartang',
  instagram: 'https://www.instagram.com/kartang',
} as const;

/** Shown until GET /app/config answers (docs/brand.md defaults). */
export const FALLBACK_SUPPORT_EMAIL = 'support@karta.example';
export const FALLBACK_SUPPORT_PHONE = '+234 700 000 0000';
