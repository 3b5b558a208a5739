// Options shared by the HTTP providers, checked once when the provider is created.
import { ConfigurationError } from '../errors.js';
import { createRedactor, secretsOf, type Redact } from './http/redact.js';
import { resolveRetry, type ProviderRetryOptions, type ResolvedRetry } from './http/retry.js';
import type { RequestTimeouts } from './http/timeouts.js';

/** Default of `idleTimeoutMs`: two minutes without a byte means the connection is dead. */
export const DEFAULT_IDLE_TIMEOUT_MS = 120_000;
/** Default of `timeoutMs`: ten minutes for a whole request, retries included. */
export const DEFAULT_TIMEOUT_MS = 600_000;
// setTimeout's limit; a longer delay would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

/** Options every HTTP provider accepts. */
export interface HttpProviderOptions {
  /** The model id sent with every request. */
  model: string;
  /** Sent as the provider's credential header; never appears in errors. */
  apiKey?: string;
  /** The API root; each provider documents its default. */
  baseURL?: string;
  /** Extra request headers; they override the provider's defaults. */
  headers?: Record<string, string>;
  /** Stream the answer (server-sent events) and report text through `onTextDelta`. Default true. */
  stream?: boolean;
  /** Upper bound on generated tokens. */
  maxTokens?: number;
  /** Sampling temperature. */
  temperature?: number;
  /** Retries of rate limits, server errors and dropped connections. */
  retry?: ProviderRetryOptions;
  /**
   * Longest silence, in ms, of one attempt: no bytes from the server (the headers of a streamed
   * request, then each chunk of the body; an unstreamed request's wait for its whole answer is
   * bounded by `timeoutMs` only). The attempt fails, and is retried like a dropped connection.
   * Default 120000; `Infinity` turns it off.
   */
  idleTimeoutMs?: number;
  /**
   * Longest time, in ms, one `complete` call may take, every attempt and every wait between them
   * included; no retry starts whose wait would pass it. Default 600000; `Infinity` turns it off.
   */
  timeoutMs?: number;
  /** The fetch implementation. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Further top-level body fields (e.g. `top_p`); the adapter's own fields take precedence. */
  extraBody?: Record<string, unknown>;
}

/** What a provider needs at request time. */
export interface ResolvedHttpOptions {
  model: string;
  url: string;
  headers: Headers;
  stream: boolean;
  maxTokens: number | undefined;
  temperature: number | undefined;
  retry: ResolvedRetry;
  timeouts: RequestTimeouts;
  fetch: typeof fetch;
  extraBody: Record<string, unknown>;
  redact: Redact;
}

export interface ProviderDefaults {
  /** For messages, e.g. `createOpenAIProvider`. */
  factory: string;
  baseURL: string;
  /** Appended to the base URL, e.g. `/chat/completions`. */
  path: string;
  /** The credential and protocol headers built from the API key. */
  headers(apiKey: string | undefined): Record<string, string>;
}

function endpoint(factory: string, baseURL: string, path: string): string {
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new ConfigurationError(`${factory}: baseURL is not a URL: ${baseURL}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`${factory}: baseURL must be http(s), got ${url.protocol}`);
  }
  return `${baseURL.replace(/\/+$/, '')}${path}`;
}

function check(factory: string, ok: boolean, message: string): void {
  if (!ok) throw new ConfigurationError(`${factory}: ${message}`);
}

function timeoutOption(factory: string, name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const ok = value === Infinity || (Number.isInteger(value) && value > 0 && value <= MAX_TIMER_MS);
  check(factory, ok, `${name} must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}, or Infinity; got ${String(value)}`);
  return value;
}

/** Checks the options and fills in defaults; throws ConfigurationError. */
export function resolveHttpOptions(options: HttpProviderOptions, defaults: ProviderDefaults): ResolvedHttpOptions {
  const { factory } = defaults;
  check(factory, typeof options.model === 'string' && options.model.trim() !== '', 'model must be a non-empty string');
  const { maxTokens, temperature } = options;
  check(factory, maxTokens === undefined || (Number.isInteger(maxTokens) && maxTokens > 0), 'maxTokens must be a positive integer');
  check(factory, temperature === undefined || (Number.isFinite(temperature) && temperature >= 0), 'temperature must be a number >= 0');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  check(factory, typeof fetchImpl === 'function', 'fetch is not available; pass options.fetch');
  const stream = options.stream ?? true;

  const headers = new Headers({
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
    ...defaults.headers(options.apiKey),
  });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  return {
    model: options.model,
    url: endpoint(factory, options.baseURL ?? defaults.baseURL, defaults.path),
    headers,
    stream,
    maxTokens,
    temperature,
    retry: resolveRetry(options.retry),
    timeouts: {
      idleMs: timeoutOption(factory, 'idleTimeoutMs', options.idleTimeoutMs, DEFAULT_IDLE_TIMEOUT_MS),
      totalMs: timeoutOption(factory, 'timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS),
    },
    fetch: fetchImpl,
    extraBody: options.extraBody ?? {},
    redact: createRedactor(secretsOf(options.apiKey, headers)),
  };
}
