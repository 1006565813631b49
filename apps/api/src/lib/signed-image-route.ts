import { z } from 'zod';
import { declareRoute, type ZodApp } from './declare-route';
import { fileResponses } from './http';
import { publicAccess } from './route-access';
import { sendPrivateImage } from './served-files';

/** A stored file as the storage port answers it. */
interface StoredObject {
  contentType: string;
  bytes: Buffer;
}

/** What a signed link carries besides the id; a missing part simply fails the check. */
export interface SignedLink {
  id: string;
  expires: number;
  signature: string;
}

/**
 * `GET <url>/:id?expires=…&signature=…`: an image behind a signed, short-lived link, for
 * `<img>` tags that cannot send the access token (docs/decisions/010-signed-trade-photo-links.md). The link is the
 * credential; `load` checks it and answers not found for anything else.
 */
export function declareSignedImageRoute(
  app: ZodApp,
  route: {
    url: string;
    operationId: string;
    tags: string[];
    summary: string;
    description: string;
    load: (link: SignedLink) => Promise<StoredObject>;
  },
) {
  declareRoute(app, {
    method: 'GET',
    url: route.url,
    operationId: route.operationId,
    tags: route.tags,
    // The signed link is the credential: an expired or altered one is not found.
    access: publicAccess,
    summary: route.summary,
    input: {
      params: z.object({ id: z.string().max(64) }),
      querystring: z.object({
        expires: z.coerce.number().int().default(0),
        signature: z.string().max(100).default(''),
      }),
    },
    refuses: { 404: [] },
    // WebP, which we re-encode every upload to; an object stored by other means goes as a
    // download with its stored type (lib/served-files.ts).
    response: fileResponses(['image/webp', '*/*'], route.description),
    answerHeaders: ['Content-Disposition'],
    handler: async (request, reply) => {
      const image = await route.load({ id: request.params.id, ...request.query });
      // It shows money (a card's code, a balance): no cache, not even the browser's disk.
      return sendPrivateImage(reply, image);
    },
  });
}
