// The prompt of `tinyagent run`: the argument, stdin (`-`, or no argument with piped stdin),
// or both (the argument, then stdin as context).
import { fstatSync } from 'node:fs';
import { UsageError } from '../usageError.js';

/** Where stdin comes from, as far as the prompt is concerned. */
export type StdinKind = 'terminal' | 'piped' | 'none';

/**
 * `terminal` for a TTY; `piped` for a pipe, a socket (what a parent process's pipe is) or a file;
 * `none` for anything else (`/dev/null`, a closed stdin).
 * @example stdinKind(process.stdin) // 'piped' in `echo hi | tinyagent run`
 */
export function stdinKind(stdin: { isTTY?: boolean; fd?: number }): StdinKind {
  if (stdin.isTTY === true) return 'terminal';
  try {
    const stats = fstatSync(stdin.fd ?? 0);
    return stats.isFIFO() || stats.isSocket() || stats.isFile() ? 'piped' : 'none';
  } catch {
    return 'none';
  }
}

/**
 * Reads a stream to its end as UTF-8.
 * @example await readAll(process.stdin)
 */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The prompt to send: `argument` (undefined or `-` means stdin) and piped stdin combined.
 * @example await promptFrom('Summarise this', 'piped', () => readAll(process.stdin))
 */
export async function promptFrom(argument: string | undefined, kind: StdinKind, read: () => Promise<string>): Promise<string> {
  if (argument === undefined || argument === '-') {
    if (kind === 'terminal') throw new UsageError('missing prompt: give it as an argument, or pipe it in (echo "…" | tinyagent run)');
    const text = kind === 'piped' ? (await read()).trim() : '';
    if (text === '') throw new UsageError('the prompt from stdin is empty');
    return text;
  }
  if (kind !== 'piped') return argument;
  const context = (await read()).trimEnd();
  return context.trim() === '' ? argument : `${argument}\n\n${context}`;
}
