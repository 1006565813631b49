import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as a client parses it. */
export interface ReceivedEvent {
  id: string | undefined;
  type: string;
  data: unknown;
}

/**
 * A client of `GET /api/v1/events` over real HTTP, as the web app reads it (a streaming fetch
 * with the Authorization header): what arrived so far, and a wait for what should.
 */
export interface EventStreamClient {
  status: number;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves with the first event (already arrived or yet to come) that `match` accepts. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Over node:http with a connection of its own, closed with the stream: fetch's pool may open a
 * spare connection to the server after an aborted stream, which the app's close would then wait
 * for (about 30 s) although no request ever comes on it.
 */
export async function openEventStream(
  baseUrl: string,
  token: string,
  options: { lastEventId?: string } = {},
): Promise<EventStreamClient> {
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const agent = new http.Agent({ keepAlive: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/events`,
      {
        agent,
        headers: {
          authorization: token,
          accept: 'text/event-stream',
          ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
        },
      },
      resolve,
    );
    request.on('error', reject);
  });
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      let type = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('id: ')) id = line.slice(4);
        else if (line.startsWith('event: ')) type = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0 && response.statusCode === 200) {
        events.push({ id, type, data: JSON.parse(data.join('\n')) });
      }
      notify();
    }
  });
  response.on('error', () => undefined);
  const ended = new Promise<void>((resolve) => {
    response.on('close', () => {
      notify();
      resolve();
    });
  });
  return {
    status: response.statusCode ?? 0,
    events,
    comments,
    ended,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no such event within ${String(timeoutMs)} ms; got ${JSON.stringify(events)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      response.destroy();
      agent.destroy();
    },
  };
}

/** Lets what is in flight arrive, to show that something did not. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Has a test app listen on a free loopback port, as a stream needs a real connection
 * (`app.inject` answers whole): answers its base URL.
 */
export async function listenOnLoopback(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${String(address.port)}`;
}
