// Questions on a pair of streams (a terminal, or injected streams in tests): one line of
// answer, or a y/n.
import { createInterface } from 'node:readline';

export interface PromptStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/**
 * Writes `question` and resolves the line typed (without its newline); undefined at the end of
 * the input or when `signal` is aborted.
 * @example const name = await askLine('name: ', { input: process.stdin, output: process.stderr }, AbortSignal.timeout(60_000))
 */
export function askLine(question: string, streams: PromptStreams, signal: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(undefined);
    const rl = createInterface({ input: streams.input, output: streams.output, terminal: false });
    let settled = false;
    const finish = (answer: string | undefined) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      rl.close();
      resolve(answer);
    };
    const onAbort = () => {
      streams.output.write('\n');
      finish(undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    rl.once('line', (line) => finish(line));
    rl.once('close', () => finish(undefined));
    streams.output.write(question);
  });
}

/**
 * Writes `question` and resolves true for an answer of `y` or `yes` (any case); anything else,
 * the end of the input or an aborted signal resolve false.
 * @example await askYesNo('Allow shell? [y/N] ', { input: process.stdin, output: process.stderr }, AbortSignal.timeout(60_000))
 */
export async function askYesNo(question: string, streams: PromptStreams, signal: AbortSignal): Promise<boolean> {
  const line = await askLine(question, streams, signal);
  return line !== undefined && /^\s*y(es)?\s*$/i.test(line);
}
