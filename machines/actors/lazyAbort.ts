// An abort handle whose AbortController is created only when someone asks for its signal.
// Creating an AbortController costs a few microseconds in Node 20, more than a whole tool
// step of a no-op tool; most tools and many providers never look at their signal.
import { idempotencyKeyFor } from '../../src/tools/idempotencyKey.js';
import type { ToolContext } from '../../src/types.js';

/** `abort()` works before or after `signal` is first read; a late reader gets an aborted signal. */
export class LazyAbort {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;

  /** The same AbortSignal on every read, created on the first. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  /** Aborts the signal (now, or as soon as it is created); later calls do nothing. */
  abort(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

/**
 * Base of the objects handed to tools and providers: their `signal` is an own, enumerable
 * accessor (so `{ ...ctx }` and `const { signal } = ctx` both see it) that reads a
 * LazyAbort. The getter is one shared function: a getter written in an object literal
 * would be a new closure per object, and V8 gives every such object a hidden class of its
 * own (hundreds of bytes and a slow path, per call).
 */
export class WithLazySignal {
  readonly #abort: LazyAbort;
  declare readonly signal: AbortSignal;

  static readonly #signalProperty: PropertyDescriptor = {
    get(this: WithLazySignal) {
      return this.#abort.signal;
    },
    enumerable: true,
    configurable: true,
  };

  constructor(abort: LazyAbort) {
    this.#abort = abort;
  }

  /** Call last in the subclass constructor, so that `signal` comes after the other fields. */
  protected defineSignal(): void {
    Object.defineProperty(this, 'signal', WithLazySignal.#signalProperty);
  }
}

/**
 * The ToolContext a tool's `execute` and its `needsApproval` function receive; its signal
 * is created when first read.
 * @example new LazyToolContext('run-1', 'call_1', 'read_file', 1, new LazyAbort()).toolName // 'read_file'
 */
export class LazyToolContext extends WithLazySignal implements ToolContext {
  readonly runId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly iteration: number;
  #idempotencyKey: string | undefined;

  constructor(runId: string, callId: string, toolName: string, iteration: number, abort: LazyAbort) {
    super(abort);
    this.runId = runId;
    this.callId = callId;
    this.toolName = toolName;
    this.iteration = iteration;
    this.defineSignal();
  }

  /** Hashed when first read: most tools never ask for it. */
  get idempotencyKey(): string {
    return (this.#idempotencyKey ??= idempotencyKeyFor(this.runId, this.iteration, this.callId));
  }
}
