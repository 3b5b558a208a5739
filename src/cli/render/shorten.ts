// One-line previews of tool arguments and results for the terminal, control characters visible.
import { visibleControls } from './visibleControls.js';

/**
 * A single line of at most `max` characters: newlines folded, the rest cut with an ellipsis.
 * @example oneLine('a\nb', 10) // 'a ⏎ b'
 */
export function oneLine(text: string, max: number): string {
  const folded = visibleControls(text.replace(/\r?\n/g, ' ⏎ ').replace(/\s+/g, ' ').trim());
  return folded.length <= max ? folded : `${folded.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Tool arguments as the model sent them (a JSON string or an object), as one short line.
 * @example previewArguments({ path: 'a.txt' }, 40) // '{"path":"a.txt"}'
 */
export function previewArguments(args: unknown, max: number): string {
  if (typeof args === 'string') return oneLine(args.trim() === '' ? '{}' : args, max);
  let text: string;
  try {
    text = JSON.stringify(args) ?? String(args);
  } catch {
    text = String(args);
  }
  return oneLine(text, max);
}

/**
 * Milliseconds for people: `850 ms`, `1.2 s`, `2 min 5 s`.
 * @example formatDuration(1234) // '1.2 s'
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
