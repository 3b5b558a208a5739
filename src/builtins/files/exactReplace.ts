// The text side of edit_file: find `oldString` exactly once (or every time), replace it,
// and keep the file's line endings when the model wrote plain "\n".

/** What an edit did to the text, or why it could not. */
export type ReplaceOutcome =
  | { readonly ok: true; readonly text: string; readonly count: number }
  | { readonly ok: false; readonly reason: 'no_match' | 'ambiguous'; readonly count: number };

/**
 * Replaces `oldString` in `text`: it must occur once, or `replaceAll` must be set.
 * @example exactReplace('a\r\nb\r\n', 'a\nb', 'c', false) // { ok: true, text: 'c\r\n', count: 1 }
 */
export function exactReplace(text: string, oldString: string, newString: string, replaceAll: boolean): ReplaceOutcome {
  let search = oldString;
  let replacement = newString;
  let count = occurrences(text, search);
  // A CRLF file edited with "\n" strings: match and write with the file's CRLF endings.
  if (count === 0 && text.includes('\r\n') && oldString.includes('\n')) {
    search = toCrlf(oldString);
    replacement = toCrlf(newString);
    count = occurrences(text, search);
  } else if (text.includes('\r\n') && !text.replaceAll('\r\n', '').includes('\n')) {
    replacement = toCrlf(newString); // the old string had no line break, the new one may
  }
  if (count === 0) return { ok: false, reason: 'no_match', count };
  if (count > 1 && !replaceAll) return { ok: false, reason: 'ambiguous', count };
  // split/join, not String.replace: `$&` and friends in the new string stay literal.
  const parts = text.split(search);
  return { ok: true, text: replaceAll ? parts.join(replacement) : `${parts[0] ?? ''}${replacement}${parts.slice(1).join(search)}`, count: replaceAll ? count : 1 };
}

function occurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + search.length)) count++;
  return count;
}

function toCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}
