import { createSseParser, type ServerEvent } from './sse-parser';

/** Waits between reconnections after a failure: doubled each time, up to the last. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];
/** Too many streams already (429): polling serves this tab, and it asks again much later. */
const BUSY_DELAY_MS = 60_000;

type StreamState = 'connecting' | 'open' | 'down';

export interface EventStreamOptions {
  url: string;
  /** The access token now: read at each connection, so a refreshed one is used. */
  getToken: () => string | null;
  onEvent: (event: ServerEvent) => void;
  onState: (state: StreamState, wasDown: boolean) => void;
  fetchFn?: typeof fetch;
  /** Tests shorten the waits. */
  delays?: number[];
}

/**
 * The live stream read with a streaming fetch (decision 069): the token goes in the
 * Authorization header, never in a URL (EventSource cannot send headers). It reconnects by
 * itself with Last-Event-ID, after a wait that grows while it keeps failing, and says whether
 * it is open, so the screens poll only while it is not. It never toasts: a flaky network only
 * means slower updates.
 */
export function connectEventStream(options: EventStreamOptions) {
  const fetchFn = options.fetchFn ?? fetch.bind(globalThis);
  const delays = options.delays ?? RECONNECT_DELAYS_MS;
  let lastEventId: string | undefined;
  let failures = 0;
  let stopped = false;
  // Read through a call: `stop()` may run while a fetch is awaited.
  const isStopped = () => stopped;
  let wasDown = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = (wait: number) => {
    if (isStopped()) return;
    options.onState('down', wasDown);
    wasDown = true;
    timer = setTimeout(() => void run(), wait);
  };

  async function run() {
    if (isStopped()) return;
    const token = options.getToken();
    if (!token) {
      retry(delays[0] ?? 1000);
      return;
    }
    controller = new AbortController();
    options.onState('connecting', wasDown);
    try {
      const response = await fetchFn(options.url, {
        headers: {
          authorization: token,
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        credentials: 'include',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        failures += 1;
        retry(response.status === 429 ? BUSY_DELAY_MS : delayAfter(failures));
        return;
      }
      failures = 0;
      options.onState('open', wasDown);
      wasDown = false;
      const parser = createSseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.feed(value)) {
          lastEventId = event.id ?? lastEventId;
          options.onEvent(event);
        }
      }
      // The server ended it (the token expired, or it is restarting): come back at once.
      retry(0);
    } catch {
      if (isStopped()) return;
      failures += 1;
      retry(delayAfter(failures));
    }
  }

  const delayAfter = (count: number) => {
    const base = delays[Math.min(count - 1, delays.length - 1)] ?? 30_000;
    // A little jitter, so tabs that lost one server do not all come back at the same instant.
    return base + Math.floor(Math.random() * Math.min(1000, base / 2));
  };

  void run();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
}
