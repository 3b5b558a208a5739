// One HTTP attempt: POST a JSON body; a non-2xx answer becomes an AttemptFailure with the
// status, a redacted body excerpt and the server's retry-after.
import { ProviderError } from '../../errors.js';
import { AttemptFailure } from './attemptFailure.js';
import { excerpt, type Redact } from './redact.js';
import { parseRetryAfter, RETRYABLE_STATUSES } from './retry.js';

export interface JsonPost {
  url: string;
  headers: Headers;
  body: unknown;
  fetch: typeof fetch;
  signal: AbortSignal;
}

/** Sends the request; resolves with a 2xx response whose body is still unread. */
export async function postJson(post: JsonPost, redact: Redact): Promise<Response> {
  const response = await post.fetch(post.url, {
    method: 'POST',
    headers: post.headers,
    body: JSON.stringify(post.body),
    signal: post.signal,
  });
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  const body = excerpt(redact(text));
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  throw new AttemptFailure(body ? `${status}: ${body}` : status, {
    retryable: RETRYABLE_STATUSES.has(response.status),
    status: response.status,
    body,
    retryAfterMs: parseRetryAfter(response.headers),
  });
}

/** True when the server answered with an event stream (rather than one JSON document). */
export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
}

/** Reads and parses a JSON response body; malformed JSON is a ProviderError with an excerpt. */
export async function readJson(response: Response, redact: Redact): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ProviderError('Response body is not valid JSON', {
      cause: error,
      details: { status: response.status, body: excerpt(redact(text)) },
    });
  }
}
