import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { declareRoute } from '../../lib/declare-route';
import { signedInAccess } from '../../lib/route-access';
import { describeDatabaseError } from '../../lib/pg-errors';
import { createEventHub } from './event-hub';
import { openEventStream } from './event-stream';
import { countUserStreams } from './events.service';
import { createStreamPresence } from './stream-presence';

const LastEventIdHeadersSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Last-Event-ID is the id: of the last event received.')
    .optional()
    .meta({
      description:
        'The `id:` of the last event received: the events after it from the last 24 hours are sent first.',
      example: '1042',
    }),
});

const TOO_MANY_STREAMS =
  'Live updates are already open in several windows. This one will refresh by itself.';

/**
 * `GET /api/v1/events` (decision 069): the signed-in user's live updates, as Server-Sent Events
 * (`trade`, `withdrawal`, `message`, `notice`, and `queue` for staff; payloads in
 * packages/shared/src/schemas/events.ts). Authenticated with the Authorization header like every
 * call; the web app reads it with a streaming fetch, so no token is ever in a URL.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = createEventHub({ db: app.ctx.db, log: app.log });
  // Who holds a stream, for every process to read (decision 079: no mail to a connected seller).
  const presence = createStreamPresence({
    db: app.ctx.db,
    log: app.log,
    heartbeatMs: app.ctx.config.events.heartbeatMs,
  });
  /**
   * The user's streams on every API process (decision 079's record), so the cap is the user's,
   * not each process's. Two windows opening in the same instant on two processes can both pass:
   * the cap bounds a runaway client, it is not a quota. Should the record be unreadable, this
   * process's own count decides: an outage of the record refuses no one.
   */
  const streamsEverywhere = (userId: string) =>
    countUserStreams(app.ctx.db, userId).catch((error: unknown) => {
      app.log.warn(describeDatabaseError(error), 'live events: open streams could not be counted');
      return 0;
    });
  const open = new Set<() => void>();
  app.addHook('onReady', async () => {
    await hub.start();
    presence.start();
  });
  // Streams never end by themselves: they are ended before the server waits for its connections.
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });
  app.addHook('onClose', async () => {
    await presence.stop();
    await hub.stop();
  });

  declareRoute(app, {
    method: 'GET',
    url: '/events',
    operationId: 'streamEvents',
    tags: ['events'],
    access: signedInAccess(app),
    summary:
      'The signed-in user’s live updates as Server-Sent Events: `trade`, `withdrawal`, `message` and `notice` (staff also `queue`), each with an `id:` line and a `data:` line of JSON naming the record and its new state; a `: heartbeat` comment every 25 s; with `Last-Event-ID`, what was missed in the last 24 hours first. Ends when the access token expires: reconnect with a fresh one. At most 5 at once per user, counted on every API process (429)',
    input: { headers: LastEventIdHeadersSchema },
    response: {
      200: {
        description: 'A stream of events, until the access token expires',
        content: {
          'text/event-stream': {
            schema: z.string().meta({
              description:
                'Server-Sent Events: `id: 1042`, `event: trade`, `data: {"id":"…","reference":"…","status":"approved"}`, then a blank line.',
            }),
          },
        },
      },
    },
    handler: async (request, reply, user) => {
      const limit = app.ctx.config.events.streamsPerUser;
      if (hub.streamsOf(user.id) >= limit || (await streamsEverywhere(user.id)) >= limit) {
        throw new AppError('RATE_LIMITED', TOO_MANY_STREAMS, { retryAfterSeconds: 60 });
      }
      const lastEventId = request.headers['last-event-id'];
      const close = await presence.open(user.id);
      return openEventStream(app.ctx, hub, {
        request,
        reply,
        user,
        lastEventId: lastEventId === undefined ? undefined : Number(lastEventId),
        onEnd: (end) => {
          open.add(end);
          return () => {
            open.delete(end);
            close();
          };
        },
      });
    },
  });
};
