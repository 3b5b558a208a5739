// Runs tasks one at a time per key: two Runs on one session must not interleave their
// messages, and two writes to one session file must not interleave their lines.

/** A queue per key; tasks under different keys run freely. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string | undefined, task: () => Promise<T>): Promise<T> {
    if (key === undefined) return task();
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
