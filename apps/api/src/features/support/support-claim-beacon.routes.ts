import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BeaconReleasedSchema } from '@karta/shared/schemas/claims';
import { SupportBeaconReleaseInputSchema } from '@karta/shared/schemas/support';
import { readTextPlainAsJson } from '../../lib/beacon-body';
import { jsonRoutes } from '../../lib/json-routes';
import { publicAccess } from '../../lib/route-access';
import { releaseConversationClaimByToken } from './support-desk.service';

/**
 * The closing support conversation page's beacon (decision 078, as the trade page's: decision
 * 072). A beacon carries no session, so the claim's release token in the body is the credential,
 * and it releases only the claim it was given with. The body may come as text/plain JSON.
 */
export const supportClaimBeaconRoutes: FastifyPluginAsyncZod = async (app) => {
  readTextPlainAsJson(app);
  const route = jsonRoutes(app, { tags: ['support desk'], access: publicAccess });

  route.post('/release', {
    operationId: 'releaseSupportClaimByBeacon',
    summary:
      'End a support conversation claim as its page closes: the release_token the claim or take-over answered is the credential (a beacon sends no session), good once and only for that claim; released is false for a used, replaced or expired token, or an unknown conversation. The body may come as text/plain JSON',
    input: { body: SupportBeaconReleaseInputSchema },
    answers: BeaconReleasedSchema,
    message: (answer) =>
      answer.released ? 'Claim released.' : 'Nothing to release: the token holds no live claim.',
    handle: async (request) => ({
      released: await releaseConversationClaimByToken(app.ctx, {
        id: request.body.conversation_id,
        token: request.body.release_token,
        ip: request.ip,
      }),
    }),
  });
};
