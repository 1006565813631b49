import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('the SSE parser', () => {
  it('reads events however the text is cut, and drops comments and retry', () => {
    const parser = createSseParser();
    const wire =
      'retry: 5000\n\n: heartbeat\n\nid: 7\nevent: trade\ndata: {"id":"a","status":"approved"}\n\nid: 8\r\nevent: notice\r\ndata: {"id":"b"}\r\n\r\n';
    // One character at a time: every place a chunk can be cut, a CRLF's halves included.
    const events = Array.from({ length: wire.length }, (_, i) => wire.charAt(i)).flatMap(
      (character) => parser.feed(character),
    );
    expect(events).toEqual([
      { id: '7', type: 'trade', data: '{"id":"a","status":"approved"}' },
      { id: '8', type: 'notice', data: '{"id":"b"}' },
    ]);
    expect(parser.lastEventId()).toBe('8');
  });

  it('joins several data lines, and calls an untyped event "message"', () => {
    const parser = createSseParser();
    expect(parser.feed('data: one\ndata: two\n\n')).toEqual([
      { id: undefined, type: 'message', data: 'one\ntwo' },
    ]);
  });
});
