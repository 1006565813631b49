/** One Server-Sent Event: its `id:`, its `event:` type and its `data:` text. */
export interface ServerEvent {
  id: string | undefined;
  type: string;
  data: string;
}

/**
 * Reads the SSE wire format (html.spec.whatwg.org, "Parsing an event stream") chunk by chunk:
 * `feed` takes text as it arrives, however it is cut, and answers the events it completed.
 * Comments (`: heartbeat`) and `retry:` are read and dropped.
 */
export function createSseParser() {
  let buffer = '';
  let id: string | undefined;
  let type = '';
  let data: string[] = [];
  return {
    feed(text: string): ServerEvent[] {
      // CRLF and CR end lines too; a CR at the very end may be the first half of a CRLF cut
      // between two chunks, so it waits for the next one.
      buffer = (buffer + text).replace(/\r\n/g, '\n').replace(/\r(?!$)/g, '\n');
      const done: ServerEvent[] = [];
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        if (line === '') {
          if (data.length > 0) done.push({ id, type: type || 'message', data: data.join('\n') });
          type = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') type = value;
        else if (field === 'data') data.push(value);
      }
      return done;
    },
    /** The `id:` of the last event read: sent back as Last-Event-ID on a reconnection. */
    lastEventId: () => id,
  };
}
