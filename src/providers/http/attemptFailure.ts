// One failed attempt as the retry loop sees it: an HTTP error status, or an error the provider
// reported inside a stream. The loop turns it into a ProviderError when it gives up.

export interface AttemptFailureInfo {
  /** Whether another attempt may succeed (rate limit, overload, server error). */
  retryable: boolean;
  status?: number;
  /** A short, redacted excerpt of what the server sent. */
  body?: string;
  /** How long the server asked us to wait, from `retry-after-ms` / `retry-after`. */
  retryAfterMs?: number;
}

export class AttemptFailure extends Error {
  readonly info: AttemptFailureInfo;

  constructor(message: string, info: AttemptFailureInfo) {
    super(message);
    this.name = 'AttemptFailure';
    this.info = info;
  }
}
