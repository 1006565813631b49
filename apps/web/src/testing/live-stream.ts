import { http, HttpResponse } from 'msw';
import { api, server } from './server';

/**
 * The live stream (GET /api/v1/events, decision 069) as MSW serves it: each request gets a
 * stream the test writes events into, and may end, as the server would.
 */
export function serveLiveStream() {
  const requests: Request[] = [];
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();
  server.use(
    http.get(api('/events'), ({ request }) => {
      requests.push(request);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.push(controller);
          controller.enqueue(encoder.encode('retry: 5000\n\n'));
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  const current = () => {
    const stream = streams.at(-1);
    if (!stream) throw new Error('no stream open');
    return stream;
  };
  return {
    requests,
    send(id: number, type: string, data: unknown) {
      current().enqueue(
        encoder.encode(`id: ${String(id)}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`),
      );
    },
    heartbeat() {
      current().enqueue(encoder.encode(': heartbeat\n\n'));
    },
    /** The server ends the stream (its token expired, or it is stopping). */
    end() {
      current().close();
    },
  };
}
