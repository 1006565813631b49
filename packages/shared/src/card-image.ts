/**
 * A card image upload's limits, shared so the console refuses a file with the API's own words
 * before a slow upload is wasted; the API still decides by the bytes.
 */
export const CARD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CARD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CARD_IMAGE_TOO_LARGE = 'The image is too large. Upload one of at most 2 MB.';
export const CARD_IMAGE_TYPE_REFUSED = 'Upload a JPEG, PNG or WebP image.';
