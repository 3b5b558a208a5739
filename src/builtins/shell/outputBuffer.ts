// A command's output with bounded memory: beyond the limit, the first and the last half are
// kept and the middle is replaced by a marker that says how much was left out.

/** Collects output bytes; `text()` decodes what was kept. */
export class OutputBuffer {
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private total = 0;

  /**
   * @example const output = new OutputBuffer(30_000);
   */
  constructor(maxBytes: number) {
    this.headLimit = Math.ceil(maxBytes / 2);
    this.tailLimit = maxBytes - this.headLimit;
  }

  /** Bytes received so far, kept or not. */
  get totalBytes(): number {
    return this.total;
  }

  /**
   * Adds a chunk as it arrives.
   * @example output.push(Buffer.from('hello\n'))
   */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    const forHead = Math.min(chunk.length, this.headLimit - this.headBytes);
    if (forHead > 0) {
      this.head.push(chunk.subarray(0, forHead));
      this.headBytes += forHead;
    }
    if (forHead === chunk.length) return;
    this.tail.push(chunk.subarray(forHead));
    this.tailBytes += chunk.length - forHead;
    while (this.tailBytes > this.tailLimit) {
      const first = this.tail[0]!;
      const excess = this.tailBytes - this.tailLimit;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
      }
    }
  }

  /**
   * The output as text; when it was cut, head and tail around a marker, cut at whole characters.
   * @example output.text() // 'hello\n'
   */
  text(): string {
    const head = Buffer.concat(this.head);
    const tail = Buffer.concat(this.tail);
    const omitted = this.total - head.length - tail.length;
    if (omitted === 0) return new TextDecoder().decode(Buffer.concat([head, tail]));
    // A streaming decode holds back a character cut at the end; continuation bytes at the
    // start of the tail belong to a character that was cut off.
    const headText = new TextDecoder().decode(head, { stream: true });
    let start = 0;
    while (start < tail.length && ((tail[start] ?? 0) & 0xc0) === 0x80) start++;
    const tailText = new TextDecoder().decode(tail.subarray(start));
    const breakLine = headText.endsWith('\n') ? '' : '\n';
    return `${headText}${breakLine}[… ${omitted} bytes of output omitted …]\n${tailText}`;
  }
}
