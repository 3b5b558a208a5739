// Cancellation helpers. A cancelled request rejects with the caller's own `signal.reason`,
// never with a wrapped error, so the Run can tell a cancel from a failure.
import { abortReason } from '../../abortReason.js';

/** Races `promise` against `signal`: rejects at once with the signal's reason when it aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Waits `ms` milliseconds; the timer is cleared if `signal` aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return raceAbort(wait, signal).finally(() => clearTimeout(timer));
}
