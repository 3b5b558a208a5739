// Cutting text for display without splitting a UTF-16 surrogate pair.

/**
 * The first `max` code units of `text`, one fewer when that would split a surrogate pair.
 * @example headChars('abc', 2) // 'ab'
 */
export function headChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
