// The conversation a Run builds. Appends mutate in place on purpose: copying the
// transcript into machine context on every step made per-step cost grow with run length.
import type { Message } from '../../src/types.js';

/** History, then this Run's own messages; tracks what has been persisted. */
export class Transcript {
  private readonly all: Message[];
  private readonly runStart: number;
  private persistedUpTo: number;

  constructor(history: readonly Message[], input: Message) {
    this.all = [...history, input];
    this.runStart = history.length;
    this.persistedUpTo = history.length;
  }

  append(message: Message): void {
    this.all.push(message);
  }

  /** A copy of everything the provider should see, history first. */
  conversation(): Message[] {
    return this.all.slice();
  }

  get length(): number {
    return this.all.length;
  }

  /** This Run's messages, starting with the user input. */
  runMessages(): Message[] {
    return this.all.slice(this.runStart);
  }

  /** Messages appended since the last persisted point. */
  unpersisted(): Message[] {
    return this.all.slice(this.persistedUpTo);
  }

  markPersisted(count: number): void {
    this.persistedUpTo += count;
  }

  /** An independent copy (the messages themselves are shared): for pure traversals of the Run machine. */
  clone(): Transcript {
    return Object.assign(Object.create(Transcript.prototype) as Transcript, this, { all: this.all.slice() });
  }
}
