// Text the CLI did not write itself (model text, tool arguments and results, stored sessions,
// server errors) reaches a terminal only with its control characters made visible, as git
// and Claude Code do: an escape sequence can retitle the window, write the clipboard (OSC 52),
// clear the screen or hide text, and a bidirectional override can reorder what is shown.

// C0 controls but tab and newline, DEL, C1 controls, and the bidirectional formatting
// characters (embeddings, overrides, isolates).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`; // ESC → ^[, BEL → ^G, CR → ^M
  if (code === 0x7f) return '^?';
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * The text with every control character shown in caret notation (`^[`, `^G`, `^M`) and C1
 * controls and bidirectional overrides as `<U+009B>`; tabs and newlines stay (a `\r\n` becomes `\n`).
 * @example visibleControls('\u001b]0;title\u0007') // '^[]0;title^G'
 */
export function visibleControls(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(CONTROL, visible);
}

// JSON.stringify escapes C0 controls already; these are the ones it leaves raw.
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * One JSON line whose text holds no raw control character: what JSON.stringify leaves raw (DEL,
 * C1, line separators, bidirectional overrides) is written as a `\uXXXX` escape, which parses back
 * to the same value.
 * @example jsonLine({ text: '\u009b2J' }) // '{"text":"\\u009b2J"}\n'
 */
export function jsonLine(value: unknown): string {
  const json = JSON.stringify(value).replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${json}\n`;
}
