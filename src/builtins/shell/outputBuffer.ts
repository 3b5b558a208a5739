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
   * @example new OutputBuffer(30_000).push(Buffer.from('hello\n'))
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
   * @example
   * const output = new OutputBuffer(30_000);
   * output.push(Buffer.from('hello\n'));
   * output.text() // 'hello\n'
   */
  text(): string {
    const head = Buffer.concat(this.head);
    const tail = Buffer.concat(this.tail);
    if (this.total === head.length + tail.length) return new TextDecoder().decode(Buffer.concat([head, tail]));
    // Cut at whole characters: drop a character the head cut short, and the continuation
    // bytes at the start of the tail (their character began in the part left out).
    const shownHead = head.subarray(0, completeUtf8Length(head));
    let start = 0;
    while (start < tail.length && ((tail[start] ?? 0) & 0xc0) === 0x80) start++;
    const shownTail = tail.subarray(start);
    const omitted = this.total - shownHead.length - shownTail.length;
    const headText = new TextDecoder().decode(shownHead);
    const breakLine = headText === '' || headText.endsWith('\n') ? '' : '\n';
    return `${headText}${breakLine}[… ${omitted} bytes of output omitted …]\n${new TextDecoder().decode(shownTail)}`;
  }
}

// The length of `bytes` without a UTF-8 sequence cut short at its end.
function completeUtf8Length(bytes: Buffer): number {
  let lead = bytes.length - 1;
  while (lead >= 0 && bytes.length - lead < 4 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead--;
  if (lead < 0) return bytes.length;
  const first = bytes[lead] ?? 0;
  const needed = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return bytes.length - lead >= needed ? bytes.length : lead;
}
