// docs/design.md, "One call" (cut output): cut a result's content to the output limit, with a marker.
// Lengths are UTF-16 code units, as String.length counts them.
import { Buffer } from 'node:buffer';
import type { ToolResult } from '../../types.js';

// Tried in order; the first that leaves room for at least zero kept characters is used.
// Below the shortest marker's length (about 7) the content is cut with no marker at all:
// `truncated: true` is then the only sign of the cut.
const MARKERS: readonly ((removed: number) => string)[] = [
  (removed) => `\n[truncated: ${removed} characters removed]`,
  (removed) => `[cut ${removed}]`,
];

/**
 * Cuts `content` to at most `maxChars` code units, marker included; a result within the limit is returned as is.
 * @example limitOutput({ content: 'x'.repeat(100) }, 50).content // 15 × 'x', then '\n[truncated: 85 characters removed]'
 */
export function limitOutput(result: ToolResult, maxChars: number): ToolResult {
  const { content } = result;
  if (content.length <= maxChars) return result;
  const max = Math.floor(maxChars);
  if (!(max >= 0)) throw new RangeError(`maxChars must be a non-negative number, got ${maxChars}`);
  for (const marker of MARKERS) {
    const kept = keptWithMarker(content.length, max, marker);
    if (kept !== undefined) {
      const end = pairSafeEnd(content, kept);
      return { ...result, content: detached(content.slice(0, end) + marker(content.length - end)), truncated: true };
    }
  }
  return { ...result, content: detached(content.slice(0, pairSafeEnd(content, max))), truncated: true };
}

// V8 represents a slice of a long string as a view that keeps the whole original alive: a
// 50 MB result cut to 30,000 characters would hold 50 MB for as long as the session does.
// Copying the code units through a buffer makes a string that shares nothing with it
// (utf16le keeps every code unit, lone surrogates included).
function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

// The marker's length depends on the digits of the removed count, which depends on the
// marker's length. Try digit counts upwards: the first d for which removing
// (length - kept) characters really prints d digits keeps the most. One exists, because
// the printed digit count grows by at most one each time d does.
function keptWithMarker(length: number, max: number, marker: (removed: number) => string): number | undefined {
  const fixed = marker(0).length - 1; // the marker without its digits ('0' is one digit)
  for (let digits = 1; ; digits++) {
    const kept = max - fixed - digits;
    if (kept < 0) return undefined;
    if (String(length - kept).length === digits) return kept;
  }
}

// Never end on a high surrogate: its low half would be cut away. Dropping it adds one
// removed character; if that adds a digit to the marker, the dropped one pays for it.
function pairSafeEnd(content: string, end: number): number {
  if (end === 0) return 0;
  const last = content.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}
