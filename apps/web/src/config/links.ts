/**
 * Places outside Karta that the public site links to. The store links open the stores' own
 * search for "Karta", so they always land somewhere real, whichever listing is live.
 */
export const APP_STORE_URL = 'https://apps.apple.com/ng/search?term=karta';
export const PLAY_STORE_URL = 'https://play.google.com/store/search?q=karta&c=apps';

/** The social pages shown under Follow Us (the rest of the spec's icons stay hidden). */
export const SOCIAL_LINKS = {
  x: 'https://x.com/kartang',
  instagram: 'https://www.instagram.com/kartang',
} as const;

/** Shown until GET /app/config answers (BRAND.md defaults). */
export const FALLBACK_SUPPORT_EMAIL = 'support@karta.example';
export const FALLBACK_SUPPORT_PHONE = '+234 700 000 0000';
