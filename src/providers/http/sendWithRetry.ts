// The request loop shared by every HTTP provider: attempt, classify the failure, wait, retry;
// cancellation rejects with the caller's reason; any other final failure is a ProviderError.
import { ProviderError, type ProviderErrorDetails } from '../../errors.js';
import { abortReason } from '../../abortReason.js';
import { raceAbort } from './abort.js';
import { AttemptFailure } from './attemptFailure.js';
import { describeNetworkError, isNetworkError } from './network.js';
import { postJson, type JsonPost } from './postJson.js';
import type { Redact } from './redact.js';
import { retryDelay, type ResolvedRetry } from './retry.js';

export interface RetriedRequest<T> {
  /** Names the provider in error messages, e.g. `OpenAI`. */
  provider: string;
  post: Omit<JsonPost, 'signal'>;
  retry: ResolvedRetry;
  redact: Redact;
  signal: AbortSignal;
  onTextDelta?: ((delta: string) => void) | undefined;
  /** Turns a 2xx response into the result; reports text through `emitText` as it arrives. */
  read(response: Response, emitText: (delta: string) => void): Promise<T>;
}

/** Runs `request` with retries. */
export async function sendWithRetry<T>(request: RetriedRequest<T>): Promise<T> {
  const { signal, retry } = request;
  let delivered = false;
  const emitText = (delta: string): void => {
    if (delta === '' || signal.aborted) return;
    delivered = true;
    request.onTextDelta?.(delta);
  };

  for (let attempt = 1; ; attempt += 1) {
    if (signal.aborted) throw abortReason(signal);
    try {
      const response = await postJson({ ...request.post, signal }, request.redact);
      return await request.read(response, emitText);
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      const retryAfterMs = error instanceof AttemptFailure ? error.info.retryAfterMs : undefined;
      const retryable = error instanceof AttemptFailure ? error.info.retryable : isNetworkError(error);
      // Never retry once text deltas reached the caller: model output is not idempotent, so a
      // second attempt would show the caller a different answer on top of the partial one.
      if (!retryable || delivered || attempt > retry.maxRetries) {
        const note = retryable && delivered ? ' (not retried: part of the answer was already delivered)' : '';
        throw toProviderError(request.provider, error, attempt, request.redact, note);
      }
      await raceAbort(retry.sleep(retryDelay(retry, attempt, retryAfterMs), signal), signal);
    }
  }
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
    reason = error instanceof Error ? error.message : String(error);
  }
  if (details.body !== undefined) details.body = redact(details.body);
  details.attempts = attempts;
  const message = redact(`${provider} request failed after ${plural(attempts)}: ${reason}${note}`);
  return new ProviderError(message, { cause, details });
}
