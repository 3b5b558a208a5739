// Newline-delimited framing with a cap per line. A line over the cap is dropped as it
// streams (never buffered whole) and reported with its first and last bytes, which is
// where a JSON-RPC message keeps its id: so one oversized result fails one call, at once.
const EDGE_BYTES = 256;

/** What is kept of a line longer than the cap. */
export interface OversizedLine {
  head: string;
  tail: string;
  bytes: number;
}

/** Splits a byte stream into lines of at most `maxBytes` bytes each. */
export class BoundedLines {
  readonly #maxBytes: number;
  #chunks: Buffer[] = [];
  #length = 0;
  #oversized: { head: Buffer; tail: Buffer; bytes: number } | undefined;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /**
   * Feeds a chunk; calls `onLine` for each complete line and `onOversized` for each line over the cap.
   * @example
   * const lines = new BoundedLines(10 * 1024 * 1024);
   * lines.push(Buffer.from('{"jsonrpc":"2.0"}\n'), (line) => console.log(line), (big) => console.warn('too large', big));
   */
  push(chunk: Buffer, onLine: (line: string) => void, onOversized: (line: OversizedLine) => void): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      this.#take(newline === -1 ? chunk.subarray(start) : chunk.subarray(start, newline));
      if (newline === -1) return;
      this.#endLine(onLine, onOversized);
      start = newline + 1;
    }
  }

  clear(): void {
    this.#chunks = [];
    this.#length = 0;
    this.#oversized = undefined;
  }

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    const oversized = this.#oversized;
    if (oversized) {
      oversized.bytes += piece.length;
      oversized.tail = lastBytes(Buffer.concat([oversized.tail, piece]));
      return;
    }
    if (this.#length + piece.length <= this.#maxBytes) {
      this.#chunks.push(piece);
      this.#length += piece.length;
      return;
    }
    const sofar = Buffer.concat([...this.#chunks, piece.subarray(0, EDGE_BYTES)]);
    this.#oversized = { head: sofar.subarray(0, EDGE_BYTES), tail: lastBytes(piece), bytes: this.#length + piece.length };
    this.#chunks = [];
    this.#length = 0;
  }

  #endLine(onLine: (line: string) => void, onOversized: (line: OversizedLine) => void): void {
    const oversized = this.#oversized;
    if (oversized) {
      this.#oversized = undefined;
      onOversized({ head: oversized.head.toString('utf8'), tail: oversized.tail.toString('utf8'), bytes: oversized.bytes });
      return;
    }
    const line = Buffer.concat(this.#chunks).toString('utf8').replace(/\r$/, '');
    this.#chunks = [];
    this.#length = 0;
    if (line.trim() !== '') onLine(line);
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= EDGE_BYTES ? buffer : buffer.subarray(buffer.length - EDGE_BYTES);
}

const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;
const ID_AT_START = /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/;

/**
 * The JSON-RPC id of an oversized response, read from where serializers put it (last, as the SDK does, or first).
 * @example responseIdOf({ head: '{"result":{"content":[', tail: '"}]},"jsonrpc":"2.0","id":7}', bytes: 2e7 }) // 7
 */
export function responseIdOf(line: OversizedLine): string | number | undefined {
  if (/^\s*\{\s*"method"\s*:/.test(line.head)) return undefined; // a request or notification, not an answer
  const match = ID_AT_END.exec(line.tail) ?? ID_AT_START.exec(line.head);
  if (!match) return undefined;
  return JSON.parse(match[1]!) as string | number;
}
