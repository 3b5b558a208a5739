// Runs tasks one at a time per key: two Runs on one session must not interleave their
// messages, and two writes to one session file must not interleave their lines.

/** Thrown by `KeyedLock.run` when its signal aborts while the task is still waiting its turn. */
export class LockWaitAbortedError extends Error {
  constructor(readonly reason: unknown) {
    super('Aborted while waiting for the lock', { cause: reason });
    this.name = 'LockWaitAbortedError';
  }
}

/** A queue per key; tasks under different keys run freely. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  /**
   * Runs `task` once every earlier task under `key` has settled. A `signal` that aborts
   * (or has aborted) while the task waits behind another rejects at once with
   * `LockWaitAbortedError`; the task then never runs, and the tasks queued after it keep
   * their order. A task with nothing ahead of it starts whatever its signal says.
   * @example
   * import { MemorySessionStore } from './session/memorySessionStore.js';
   * const lock = new KeyedLock();
   * const store = new MemorySessionStore();
   * await lock.run('session-1', () => store.append('session-1', [{ role: 'user', content: 'hi' }]));
   */
  run<T>(key: string | undefined, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (key === undefined) return task();
    const ahead = this.tails.get(key);
    const previous = ahead ?? Promise.resolve();
    const turn = signal === undefined || ahead === undefined ? previous.then(task, task) : this.#abortableTurn(previous, task, signal);
    const tail = turn.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return turn;
  }

  // The queue keeps the task's place (so later tasks wait for the earlier ones, not for
  // this one's abort), but the caller hears of the abort at once.
  #abortableTurn<T>(previous: Promise<unknown>, task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (signal.aborted) return Promise.reject(new LockWaitAbortedError(signal.reason));
    let onAbort: () => void = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(new LockWaitAbortedError(signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const start = () => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) return aborted;
      return task();
    };
    const queued = previous.then(start, start);
    return Promise.race([queued, aborted]);
  }
}
