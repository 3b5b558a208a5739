// Bounds on a provider request: an overall deadline for the whole `complete` call (every attempt
// and every wait between them), and an idle limit on the silence of one attempt (no bytes from
// the server). A server that sends only keep-alive comments is idle-proof by design; the overall
// deadline is what ends it. Each bound aborts through a signal whose reason says which one fired.

/** How long a request may take; `Infinity` turns a bound off. */
export interface RequestTimeouts {
  /** Longest silence of one attempt (no bytes), in ms. */
  idleMs: number;
  /** Longest whole request, retries included, in ms. */
  totalMs: number;
}

/** The abort reason of a bound that fired. */
export class RequestTimeout extends Error {
  readonly kind: 'idle' | 'overall';
  readonly ms: number;

  constructor(kind: 'idle' | 'overall', ms: number) {
    super(kind === 'idle' ? `no bytes from the server for ${ms} ms (idleTimeoutMs)` : `no complete answer within ${ms} ms (timeoutMs)`);
    this.name = 'RequestTimeout';
    this.kind = kind;
    this.ms = ms;
  }
}

/** A signal that aborts when any source aborts (with its reason) or the timer fires; dispose when done. */
export class TimedSignal {
  readonly #controller = new AbortController();
  readonly #sources: AbortSignal[];
  readonly #onAbort = (event: Event): void => this.#abort((event.target as AbortSignal).reason);
  readonly #timeout: RequestTimeout | undefined;
  #timer: NodeJS.Timeout | undefined;
  #deadline = Infinity;

  constructor(sources: AbortSignal[], timeout?: RequestTimeout) {
    this.#sources = sources;
    this.#timeout = timeout;
    for (const source of sources) {
      if (source.aborted) {
        this.#abort(source.reason);
        break;
      }
      source.addEventListener('abort', this.#onAbort, { once: true });
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True once this signal's own timer fired (not a source). */
  get timedOut(): boolean {
    return this.#timeout !== undefined && this.#controller.signal.reason === this.#timeout;
  }

  /** Milliseconds until the timer fires (Infinity when it does not run). */
  remaining(): number {
    return Math.max(0, this.#deadline - Date.now());
  }

  /** (Re)starts the timer: it fires `timeout.ms` from now, unless the bound is off. */
  restart(): void {
    const timeout = this.#timeout;
    if (timeout === undefined || !Number.isFinite(timeout.ms) || this.#controller.signal.aborted) return;
    clearTimeout(this.#timer);
    this.#deadline = Date.now() + timeout.ms;
    this.#timer = setTimeout(() => this.#abort(timeout), timeout.ms);
    this.#timer.unref();
  }

  dispose(): void {
    clearTimeout(this.#timer);
    for (const source of this.#sources) source.removeEventListener('abort', this.#onAbort);
  }

  #abort(reason: unknown): void {
    if (this.#controller.signal.aborted) return;
    this.#controller.abort(reason);
    this.dispose();
  }
}

/**
 * The response with its body passed through unchanged, calling `onBytes` on every chunk; and a
 * `cancel` that releases the connection if the read stops early.
 * @example
 * const idle = new TimedSignal([], new RequestTimeout('idle', 30_000));
 * const response = await fetch('http://127.0.0.1:11434/v1/models', { signal: idle.signal });
 * const { response: watched, cancel } = watchBody(response, () => idle.restart());
 */
export function watchBody(response: Response, onBytes: () => void): { response: Response; cancel: () => Promise<void> } {
  if (response.body === null) return { response, cancel: () => Promise.resolve() };
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      onBytes();
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const watched = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  return { response: watched, cancel: () => reader.cancel().catch(() => undefined) };
}
