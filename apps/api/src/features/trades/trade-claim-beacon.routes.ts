import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BeaconReleasedSchema } from '@karta/shared/schemas/claims';
import { BeaconReleaseInputSchema } from '@karta/shared/schemas/trades';
import { readTextPlainAsJson } from '../../lib/beacon-body';
import { jsonRoutes } from '../../lib/json-routes';
import { publicAccess } from '../../lib/route-access';
import { releaseClaimByToken } from './trade-claims';

/**
 * The closing review page's beacon (decision 072). `navigator.sendBeacon` can set no
 * Authorization header, so this route takes no session: the claim's release token in the body
 * is the credential, and it releases only the claim it was given with. The page sends the body
 * as a string (text/plain, which a beacon may send anywhere without a preflight), so in this
 * plugin only, text/plain is read as JSON like application/json.
 */
export const tradeClaimBeaconRoutes: FastifyPluginAsyncZod = async (app) => {
  readTextPlainAsJson(app);
  const route = jsonRoutes(app, { tags: ['trade review'], access: publicAccess });

  route.post('/release', {
    operationId: 'releaseTradeClaimByBeacon',
    summary:
      'End a trade claim as its review page closes: the release_token the claim or take-over answered is the credential (a beacon sends no session), good once and only for that claim; released is false for a used, replaced or expired token, or an unknown trade. The body may come as text/plain JSON',
    input: { body: BeaconReleaseInputSchema },
    answers: BeaconReleasedSchema,
    message: (answer) =>
      answer.released ? 'Claim released.' : 'Nothing to release: the token holds no live claim.',
    handle: async (request) => ({
      released: await releaseClaimByToken(app.ctx, {
        tradeId: request.body.trade_id,
        token: request.body.release_token,
        ip: request.ip,
      }),
    }),
  });
};
