import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limitOutput } from '../../src/tools/calls/limitOutput.js';
import type { ToolResult } from '../../src/index.js';

const MARKER = /(?:\n\[truncated: (\d+) characters removed\]|\[cut (\d+)\])$/;
const EMOJI = '😀'; // one code point, two UTF-16 code units
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The kept prefix and the removed count the marker states (undefined when there is no marker). */
function parse(content: string): { kept: string; stated: number | undefined } {
  const match = MARKER.exec(content);
  if (!match) return { kept: content, stated: undefined };
  return { kept: content.slice(0, match.index), stated: Number(match[1] ?? match[2]) };
}

const cut = (content: string, max: number) => limitOutput({ content }, max);

describe('limitOutput: within the limit', () => {
  it('returns the very same object, below and exactly at the limit', () => {
    const result: ToolResult = { content: 'x'.repeat(10), isError: true, code: 'c' };
    expect(limitOutput(result, 11)).toBe(result);
    expect(limitOutput(result, 10)).toBe(result);
    const empty = { content: '' };
    expect(limitOutput(empty, 0)).toBe(empty);
  });
});

describe('limitOutput: cut results', () => {
  it('one over the limit: fills the limit exactly, says how much was removed', () => {
    const result = cut('x'.repeat(101), 100);
    expect(result).toEqual({ content: `${'x'.repeat(65)}\n[truncated: 36 characters removed]`, truncated: true });
    expect(result.content).toHaveLength(100);
  });

  it('keeps isError and code', () => {
    expect(limitOutput({ content: 'e'.repeat(200), isError: true, code: 'tool_error' }, 50)).toMatchObject({
      isError: true,
      code: 'tool_error',
      truncated: true,
    });
  });

  it('counts the characters the marker displaced, across a digit boundary (fixed point)', () => {
    // 99 removed would fit with a 2-digit count, but then 100 are removed: 3 digits.
    // Kept + marker must still be exactly the limit, and the count exact.
    for (let length = 100; length <= 1100; length++) {
      for (const max of [33, 34, 35, 40, 60]) {
        const { content } = cut('x'.repeat(length), max);
        const { kept, stated } = parse(content);
        expect(content.length).toBe(max);
        expect(stated).toBe(length - kept.length);
      }
    }
  });

  it('uses a shorter marker when the full one does not fit', () => {
    expect(cut('x'.repeat(100), 20).content).toBe(`${'x'.repeat(12)}[cut 88]`);
    expect(cut('x'.repeat(99), 8).content).toBe('[cut 99]'); // only the marker fits
    expect(cut('x'.repeat(100), 8).content).toBe('x'.repeat(8)); // '[cut 100]' would not
  });

  it('below the shortest marker: no marker, the limit’s worth of content, truncated still set', () => {
    expect(cut('abcdefghij'.repeat(10), 6)).toEqual({ content: 'abcdef', truncated: true });
    expect(cut('abc', 1)).toEqual({ content: 'a', truncated: true });
    expect(cut('abc', 0)).toEqual({ content: '', truncated: true });
  });

  it('never splits a surrogate pair at the cut', () => {
    // The cut for 40 would keep 5 code units: 'ab', a pair, and the high half of the next.
    expect(cut('ab' + EMOJI.repeat(50), 40).content).toBe(`ab${EMOJI}\n[truncated: 98 characters removed]`);
    // Dropping the high half makes 99 removed into 100: the dropped unit pays for the digit.
    const result = cut('abcd' + EMOJI + 'x'.repeat(98), 40);
    expect(result.content).toBe('abcd\n[truncated: 100 characters removed]');
    expect(result.content).toHaveLength(40);
    // Without a marker too.
    expect(cut(EMOJI.repeat(3), 3).content).toBe(EMOJI);
    expect(cut(EMOJI, 1).content).toBe('');
  });

  it('refuses a negative or NaN limit', () => {
    expect(() => cut('abc', -1)).toThrow(RangeError);
    expect(() => cut('abc', Number.NaN)).toThrow(RangeError);
  });
});

describe('limitOutput: properties', () => {
  // Units chosen to put surrogate pairs, and lone surrogates, at the cut often.
  const unit = fc.constantFrom('a', 'b', EMOJI, '\ud800', '\udc00', 'é', '\n');
  const content = fc.string({ unit, maxLength: 400 });

  it('never over the limit, fills it; truncated iff cut; an exact marker when there is room; no pair split', () => {
    fc.assert(
      fc.property(content, fc.integer({ min: 0, max: 300 }), (original, max) => {
        const result = limitOutput({ content: original }, max);
        expect(result.content.length).toBeLessThanOrEqual(max);
        if (original.length <= max) {
          expect(result.content).toBe(original);
          expect(result.truncated).toBeUndefined();
          return;
        }
        expect(result.truncated).toBe(true);
        const { kept, stated } = parse(result.content);
        expect(original.startsWith(kept)).toBe(true);
        // '[cut N]' fits whenever the limit leaves room for it with all of the content removed.
        if (max >= '[cut ]'.length + String(original.length).length) expect(stated).toBe(original.length - kept.length);
        // Nothing is given away: at most the one unit of a pair's high half is left unused.
        expect(result.content.length).toBeGreaterThanOrEqual(max - 1);
        const end = kept.length;
        expect(end > 0 && isHigh(original.charCodeAt(end - 1)) && isLow(original.charCodeAt(end))).toBe(false);
      }),
      { seed: 20240601, numRuns: 2000 },
    );
  });
});
