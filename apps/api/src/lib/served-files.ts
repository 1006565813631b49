import type { FastifyReply } from 'fastify';

/**
 * Types we write ourselves: every uploaded photo and card image is re-encoded to WebP on upload,
 * so bytes stored under these types are an image we made, safe to show in the page.
 */
const RE_ENCODED_TYPES = new Set(['image/webp']);

/**
 * `inline` only for what we re-encoded; anything else (an object stored by hand, by an older
 * version, or a type we never meant to serve) is offered as a download, so a browser never
 * renders bytes we did not produce in our origin. Always sent with `nosniff`.
 */
export const contentDispositionFor = (contentType: string) =>
  RE_ENCODED_TYPES.has(contentType.toLowerCase()) ? 'inline' : 'attachment';

/**
 * Sends a stored image that shows money (a card's code, a balance check): never cached, not
 * even on the browser's disk, never sniffed, and unable to run anything if opened directly.
 */
export const sendPrivateImage = (
  reply: FastifyReply,
  image: { contentType: string; bytes: Buffer },
) =>
  reply
    .header('content-type', image.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('content-disposition', contentDispositionFor(image.contentType))
    .send(image.bytes);
