import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/index.js';
import { readSse, type EventSourceMessage } from '../../src/providers/http/sse.js';

/** A body that delivers `text` in pieces of `size` bytes (splitting multi-byte characters). */
function body(text: string, size: number): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe('readSse', () => {
  const text = 'event: a\ndata: {"t":"café ☕"}\n\n: a comment\n\nevent: b\r\ndata: line1\r\ndata: line2\r\n\r\n';

  it.each([1, 2, 3, 7, 1000])('parses events fed %i bytes at a time', async (size) => {
    const events: EventSourceMessage[] = [];
    await readSse(body(text, size).stream, (event) => {
      events.push(event);
    });
    expect(events.map(({ event, data }) => ({ event, data }))).toEqual([
      { event: 'a', data: '{"t":"café ☕"}' },
      { event: 'b', data: 'line1\nline2' },
    ]);
  });

  it('stops at "stop" and cancels the rest of the body', async () => {
    const source = body('data: 1\n\ndata: 2\n\ndata: 3\n\n', 8);
    const seen: string[] = [];
    await readSse(source.stream, (event) => {
      seen.push(event.data);
      return event.data === '2' ? 'stop' : undefined;
    });
    expect(seen).toEqual(['1', '2']);
    expect(source.cancelled()).toBe(true);
  });

  it('cancels the body when the handler throws, and lets the error through', async () => {
    const source = body('data: 1\n\ndata: 2\n\n', 4);
    const failure = new ProviderError('bad event');
    await expect(
      readSse(source.stream, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(source.cancelled()).toBe(true);
  });
});
