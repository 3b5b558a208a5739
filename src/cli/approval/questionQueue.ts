// The terminal has one person at it: approvals and server questions are asked one at a time,
// in the order they came, each with the spinner paused and its wait left out of the durations.

/** Around each question: no spinner drawing over it, and the wait not counted (for this call, or for the calls running). */
export interface PromptHooks {
  before(callId?: string): void;
  after(callId?: string): void;
}

/** Runs questions one after another. */
export class QuestionQueue {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #hooks: PromptHooks | undefined;

  /** @example new QuestionQueue({ before: () => console.error('asking'), after: () => console.error('answered') }) */
  constructor(hooks?: PromptHooks) {
    this.#hooks = hooks;
  }

  /**
   * Runs `ask` once the questions before it are answered; `callId` names the call the wait belongs to.
   * @example await new QuestionQueue().ask(async () => 'the answer', 'call-1')
   */
  ask<T>(ask: () => Promise<T>, callId?: string): Promise<T> {
    const answer = this.#tail.then(async () => {
      this.#hooks?.before(callId);
      try {
        return await ask();
      } finally {
        this.#hooks?.after(callId);
      }
    });
    this.#tail = answer.catch(() => undefined);
    return answer;
  }
}
