// One y/n question on a pair of streams (a terminal, or injected streams in tests).
import { createInterface } from 'node:readline';

export interface PromptStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/**
 * Writes `question` and resolves true for an answer of `y` or `yes` (any case); anything else,
 * the end of the input or an aborted signal resolve false.
 * @example await askYesNo('Allow shell? [y/N] ', { input: process.stdin, output: process.stderr }, AbortSignal.timeout(60_000))
 */
export function askYesNo(question: string, streams: PromptStreams, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const rl = createInterface({ input: streams.input, output: streams.output, terminal: false });
    let settled = false;
    const finish = (answer: boolean) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      rl.close();
      resolve(answer);
    };
    const onAbort = () => {
      streams.output.write('\n');
      finish(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    rl.once('line', (line) => finish(/^\s*y(es)?\s*$/i.test(line)));
    rl.once('close', () => finish(false));
    streams.output.write(question);
  });
}
