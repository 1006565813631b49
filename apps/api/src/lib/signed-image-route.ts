import { z } from 'zod';
import type { ZodApp } from './declare-route';
import { fileResponses } from './http';
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
 * `<img>` tags that cannot send the access token (docs/decisions/010). The link is the
 * credential; `load` checks it and answers not found for anything else.
 */
export function declareSignedImageRoute(
  app: ZodApp,
  route: {
    url: string;
    tags: string[];
    summary: string;
    description: string;
    load: (link: SignedLink) => Promise<StoredObject>;
  },
) {
  app.get(
    route.url,
    {
      schema: {
        tags: route.tags,
        summary: route.summary,
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          expires: z.coerce.number().int().default(0),
          signature: z.string().max(100).default(''),
        }),
        response: fileResponses('image/*', route.description),
      },
    },
    async (request, reply) => {
      const image = await route.load({ id: request.params.id, ...request.query });
      // It shows money (a card's code, a balance): no cache, not even the browser's disk.
      return sendPrivateImage(reply, image);
    },
  );
}
