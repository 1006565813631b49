import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../lib/users';
import type { EventHub } from './event-hub';
import { replayFor, type EventRow } from './events.repository';
import { REPLAY_WINDOW_MS } from './events.service';

/** A reconnecting client is told to wait this long first (the web app keeps its own backoff). */
const RETRY_MS = 5000;
/** What one reconnection replays at most; beyond it, the client's refetch on reconnect covers. */
const REPLAY_LIMIT = 500;

const isStaffRole = (user: UserRow) => user.role === 'operator' || user.role === 'admin';

/** One event as the SSE wire writes it: `id:`, `event:` and one `data:` line of JSON. */
const sseFrame = (row: EventRow) =>
  `id: ${String(row.id)}\nevent: ${row.type}\ndata: ${JSON.stringify(row.data)}\n\n`;

/** When the access token the stream was opened with expires (the guard has checked it). */
function tokenExpiry(request: FastifyRequest): number | undefined {
  const header = request.headers.authorization ?? '';
  const token = header.replace(/^bearer\s+/i, '').trim();
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the user's stream (decision 069): subscribes first and holds live events back while the
 * missed ones (after `Last-Event-ID`, within 24 hours) are read and written, so none falls in
 * between and none is written twice; then a heartbeat comment every `heartbeatMs`. The stream
 * ends when the access token it was opened with expires (at most 15 minutes: a suspended
 * account or a lowered role is not heard for longer), when the client goes, or at shutdown; the
 * client reconnects with a fresh token and its `Last-Event-ID`.
 */
export function openEventStream(
  ctx: AppContext,
  hub: EventHub,
  options: {
    request: FastifyRequest;
    reply: FastifyReply;
    user: UserRow;
    lastEventId: number | undefined;
    onEnd: (end: () => void) => () => void;
  },
) {
  const { request, reply, user, lastEventId } = options;
  const stream = new PassThrough();
  const sent = new Set<number>();
  let held: EventRow[] | null = lastEventId === undefined ? null : [];
  const write = (row: EventRow) => {
    if (sent.has(row.id)) return;
    sent.add(row.id);
    if (sent.size > REPLAY_LIMIT * 2) sent.clear();
    stream.write(sseFrame(row));
  };
  const unsubscribe = hub.subscribe({
    userId: user.id,
    isStaff: isStaffRole(user),
    deliver: (row) => {
      if (held) held.push(row);
      else write(row);
    },
  });
  const heartbeat = setInterval(
    () => stream.write(': heartbeat\n\n'),
    ctx.config.events.heartbeatMs,
  );
  const expiresAt = tokenExpiry(request);
  const expiry =
    expiresAt === undefined
      ? undefined
      : setTimeout(() => stream.end(), Math.max(0, expiresAt - ctx.clock.now().getTime()));
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
    forget();
    if (!stream.writableEnded) stream.end();
  };
  /**
   * The client went, or the server is stopping: the connection goes too. A stream whose reader
   * is gone may never finish writing what it holds, and the server's close would wait for it.
   */
  const drop = () => {
    end();
    setImmediate(() => reply.raw.destroy());
  };
  const forget = options.onEnd(drop);
  stream.on('close', end);
  request.raw.on('close', drop);

  stream.write(`retry: ${String(RETRY_MS)}\n\n`);
  if (lastEventId !== undefined) {
    void replayFor(ctx.db, {
      userId: user.id,
      isStaff: isStaffRole(user),
      afterId: lastEventId,
      windowMs: REPLAY_WINDOW_MS,
      limit: REPLAY_LIMIT,
    })
      .then((missed) => {
        for (const row of missed) write(row);
      })
      .catch((error: unknown) => {
        // The database is away: the client reconnects and asks again.
        request.log.warn({ err: error }, 'live events: the replay failed');
        end();
      })
      .finally(() => {
        const live = held ?? [];
        held = null;
        for (const row of live) write(row);
      });
  }

  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // nginx: pass each event on as it is written (deploy/nginx.conf says so too).
      .header('x-accel-buffering', 'no')
      .send(stream)
  );
}
