// A promise that rejects with `message` when `ms` pass first, or with the signal's reason when it
// is aborted first; the timer and the listener never outlive it.

/**
 * Races `promise` against a timer of `ms` milliseconds (and `signal`, when given).
 * @example
 * import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * declare const client: Client;
 * await withTimeout(client.listTools(), 30_000, 'did not list its tools in time')
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    if (signal === undefined) return;
    onAbort = () => reject(abortError(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, stop]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  });
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(`cancelled${reason === undefined ? '' : `: ${String(reason)}`}`);
}

/**
 * `promise`, or a rejection with the signal's reason as soon as `signal` is aborted.
 * @example
 * declare const pendingCode: Promise<string>; // the authorization code, once the person has signed in
 * const code = await abortable(pendingCode, AbortSignal.timeout(300_000))
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(abortError(signal));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, stop]).finally(() => signal.removeEventListener('abort', onAbort!));
}
