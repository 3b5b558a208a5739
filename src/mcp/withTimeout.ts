// A promise that rejects with `message` when `ms` pass first; the timer never outlives it.

/**
 * Races `promise` against a timer of `ms` milliseconds.
 * @example
 * import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * declare const client: Client;
 * await withTimeout(client.listTools(), 30_000, 'did not list its tools in time')
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
