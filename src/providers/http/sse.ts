// Reading a server-sent event stream with eventsource-parser.
import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import { ProviderError } from '../../errors.js';

export type { EventSourceMessage };

/** Handles one event; returning `'stop'` ends the read (the rest of the body is cancelled). */
export type SseHandler = (event: EventSourceMessage) => 'stop' | void;

/** Bound on a single unfinished line or event, against a server that never ends one. */
const MAX_BUFFER = 16 * 1024 * 1024;

/**
 * Feeds `body` to the parser until it ends or the handler stops. An error thrown by the
 * handler propagates; the body is cancelled (and the connection released) whenever the read
 * ends before the stream does.
 */
export async function readSse(body: ReadableStream<Uint8Array> | null, onEvent: SseHandler): Promise<void> {
  if (body === null) return;
  let stopped = false;
  let overflow: ParseError | undefined;
  const parser = createParser({
    maxBufferSize: MAX_BUFFER,
    onEvent: (event) => {
      if (!stopped && onEvent(event) === 'stop') stopped = true;
    },
    onError: (error) => {
      // Unknown fields and bad `retry:` values are ignored, as the SSE spec says.
      if (error.type === 'max-buffer-size-exceeded') overflow = error;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let ended = false;
  try {
    while (!stopped) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        parser.feed(decoder.decode());
        break;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      if (overflow) throw new ProviderError(`Event stream is malformed: ${overflow.message}`, { cause: overflow });
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Parses the JSON `data` of one event; malformed JSON is a ProviderError. */
export function parseEventData(event: EventSourceMessage): unknown {
  try {
    return JSON.parse(event.data) as unknown;
  } catch (error) {
    throw new ProviderError(`Event stream carried malformed JSON: ${event.data.slice(0, 200)}`, { cause: error });
  }
}
