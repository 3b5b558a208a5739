// The request loop shared by every HTTP provider: attempt, classify the failure, wait, retry;
// cancellation rejects with the caller's reason; any other final failure is a ProviderError.
// The overall timeout bounds the whole loop: no wait starts that would end past it.
import { ProviderError, type ProviderErrorDetails } from '../../errors.js';
import { abortReason } from '../../abortReason.js';
import { raceAbort } from './abort.js';
import { AttemptFailure } from './attemptFailure.js';
import { describeNetworkError, isNetworkError } from './network.js';
import { postJson, type JsonPost } from './postJson.js';
import type { Redact } from './redact.js';
import { retryDelay, type ResolvedRetry } from './retry.js';
import { RequestTimeout, TimedSignal, watchBody, type RequestTimeouts } from './timeouts.js';
import { describeError } from '../../describeError.js';

export interface RetriedRequest<T> {
  /** Names the provider in error messages, e.g. `OpenAI`. */
  provider: string;
  post: Omit<JsonPost, 'signal'>;
  retry: ResolvedRetry;
  timeouts: RequestTimeouts;
  /** Whether the server was asked to stream: then the wait for the headers counts as idle too. */
  stream: boolean;
  redact: Redact;
  signal: AbortSignal;
  onTextDelta?: ((delta: string) => void) | undefined;
  /** Turns a 2xx response into the result; reports text through `emitText` as it arrives. */
  read(response: Response, emitText: (delta: string) => void): Promise<T>;
}

/** Runs `request` with retries, within its overall timeout. */
export async function sendWithRetry<T>(request: RetriedRequest<T>): Promise<T> {
  const { signal, retry, timeouts } = request;
  let delivered = false;
  const emitText = (delta: string): void => {
    if (delta === '' || signal.aborted) return;
    delivered = true;
    request.onTextDelta?.(delta);
  };
  const overallTimeout = new RequestTimeout('overall', timeouts.totalMs);
  const overall = new TimedSignal([signal], overallTimeout);
  overall.restart();
  const timedOut = (attempts: number, failure?: unknown): ProviderError => {
    const last = failure instanceof RequestTimeout ? undefined : failure; // cut off by this very timeout
    return toTimeoutError(request.provider, `timed out after ${plural(attempts)}: ${overallTimeout.message}`, attempts, last, request.redact);
  };

  try {
    for (let attempt = 1; ; attempt += 1) {
      if (signal.aborted) throw abortReason(signal);
      if (overall.timedOut) throw timedOut(attempt - 1);
      let error: unknown;
      try {
        return await attemptOnce(request, overall.signal, emitText);
      } catch (caught) {
        error = caught;
      }
      if (signal.aborted) throw abortReason(signal);
      if (overall.timedOut) throw timedOut(attempt, error);
      const retryAfterMs = error instanceof AttemptFailure ? error.info.retryAfterMs : undefined;
      const retryable = error instanceof AttemptFailure ? error.info.retryable : isNetworkError(error);
      // Never retry once text deltas reached the caller: model output is not idempotent, so a
      // second attempt would show the caller a different answer on top of the partial one.
      if (!retryable || delivered || attempt > retry.maxRetries) {
        const note = retryable && delivered ? ' (not retried: part of the answer was already delivered)' : '';
        throw toProviderError(request.provider, error, attempt, request.redact, note);
      }
      const wait = retryDelay(retry, attempt, retryAfterMs);
      if (wait >= overall.remaining()) {
        const reason = `gave up after ${plural(attempt)}: waiting ${wait} ms to retry would pass the overall timeout of ${timeouts.totalMs} ms (timeoutMs)`;
        throw toTimeoutError(request.provider, reason, attempt, error, request.redact);
      }
      try {
        await raceAbort(retry.sleep(wait, overall.signal), overall.signal);
      } catch (sleepError) {
        if (signal.aborted) throw abortReason(signal);
        if (overall.timedOut) throw timedOut(attempt, error);
        throw sleepError;
      }
    }
  } finally {
    overall.dispose();
  }
}

// One attempt under its idle limit: a body that stays silent for `idleMs` is cut and the attempt
// fails as a dropped connection would (retryable).
async function attemptOnce<T>(request: RetriedRequest<T>, overall: AbortSignal, emitText: (delta: string) => void): Promise<T> {
  const idleTimeout = new RequestTimeout('idle', request.timeouts.idleMs);
  const idle = new TimedSignal([overall], idleTimeout);
  let cancelBody = (): Promise<void> => Promise.resolve();
  try {
    // A streamed answer starts with its headers at once; an unstreamed one sends nothing until it is whole.
    if (request.stream) idle.restart();
    const response = await raceAbort(postJson({ ...request.post, signal: idle.signal }, request.redact), idle.signal);
    idle.restart();
    const watched = watchBody(response, () => idle.restart());
    cancelBody = watched.cancel;
    return await raceAbort(request.read(watched.response, emitText), idle.signal);
  } catch (error) {
    if (idle.timedOut) throw new AttemptFailure(idleTimeout.message, { retryable: true });
    throw error;
  } finally {
    idle.dispose();
    // Not awaited: fetch may take a while to settle a read it aborted; the caller need not wait.
    if (idle.signal.aborted) void cancelBody();
  }
}

// A request that ran out of time; `failure` is the last attempt's error, if one failed.
function toTimeoutError(provider: string, reason: string, attempts: number, failure: unknown, redact: Redact): ProviderError {
  const last = failure === undefined ? '' : `; last failure: ${describeFailure(failure)}`;
  return new ProviderError(redact(`${provider} request ${reason}${last}`), { cause: failure, details: { attempts } });
}

function describeFailure(error: unknown): string {
  if (error instanceof ProviderError || error instanceof AttemptFailure) return error.message;
  if (isNetworkError(error)) return `network error: ${describeNetworkError(error)}`;
  return describeError(error);
}

function plural(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/** The final error of a request: what failed, the status and body excerpt, the attempts made. */
function toProviderError(provider: string, error: unknown, attempts: number, redact: Redact, note: string): ProviderError {
  let reason: string;
  let details: ProviderErrorDetails = {};
  let cause: unknown = error;
  if (error instanceof ProviderError) {
    reason = error.message;
    details = { ...error.details };
    cause = error.cause;
  } else if (error instanceof AttemptFailure) {
    reason = error.message;
    if (error.info.status !== undefined) details.status = error.info.status;
    if (error.info.body !== undefined) details.body = error.info.body;
    cause = undefined;
  } else if (isNetworkError(error)) {
    reason = `network error: ${describeNetworkError(error)}`;
  } else {
    reason = describeError(error);
  }
  if (details.body !== undefined) details.body = redact(details.body);
  details.attempts = attempts;
  const message = redact(`${provider} request failed after ${plural(attempts)}: ${reason}${note}`);
  return new ProviderError(message, { cause, details });
}
