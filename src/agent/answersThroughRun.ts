// How a sub-agent's approval requests are answered through the Run that started it
// (docs/agents-as-tools.md): as that Run's own calls are, by its approver or by APPROVE/DENY
// sent to its actor, whichever comes first. The Run machine ignores an answer whose call id is
// not one of its own calls; an inspector of its actor's system, attached while a sub-agent's
// request waits, sees the answer and hands it to the request waiting with that call id.
import type { InspectionEvent, Subscription } from 'xstate';
import type { CreateRunActorOptions } from '../run/createRunActor.js';
import type { RunActor } from '../run/runEvents.js';

type Approver = NonNullable<CreateRunActorOptions['approve']>;
type ApprovalAnswer = Awaited<ReturnType<Approver>>;

/** The sub-agents' requests waiting on one Run, and the answers sent to its actor. */
export class AnswersThroughRun {
  readonly #actorOf: () => RunActor | undefined;
  readonly #waiting = new Map<string, Set<(answer: ApprovalAnswer) => void>>();
  #inspection: Subscription | undefined;

  /** `actorOf` gives the Run's actor once it is built. */
  constructor(actorOf: () => RunActor | undefined) {
    this.#actorOf = actorOf;
  }

  /** An APPROVE or DENY sent to the Run's own actor answers the waiting requests of its call id. */
  readonly #inspect = (inspection: InspectionEvent): void => {
    if (inspection.type !== '@xstate.event' || inspection.actorRef.sessionId !== inspection.rootId) return;
    const { event } = inspection;
    if ((event.type !== 'APPROVE' && event.type !== 'DENY') || typeof event.callId !== 'string') return;
    const reason = typeof event.reason === 'string' && event.reason !== '' ? event.reason : undefined;
    const answer: ApprovalAnswer = event.type === 'APPROVE' ? true : reason === undefined ? false : { approved: false, reason };
    for (const answerWith of [...(this.#waiting.get(event.callId) ?? [])]) answerWith(answer);
  };

  /** The approver a sub-agent asks through: `ask` (the Run's own approver) raced with answers sent to the Run's actor. */
  through(ask: Approver): Approver {
    return (request, { signal }) =>
      new Promise<ApprovalAnswer>((resolve, reject) => {
        // The approver's question is withdrawn when the sub-agent's call stops waiting or the actor's answer came first.
        const asked = new AbortController();
        const done = () => {
          signal.removeEventListener('abort', done);
          this.#stopWaiting(request.callId, answerWith);
          asked.abort();
        };
        const answerWith = (answer: ApprovalAnswer) => (done(), resolve(answer));
        this.#wait(request.callId, answerWith);
        signal.addEventListener('abort', done, { once: true });
        Promise.resolve()
          .then(() => ask(request, { signal: asked.signal }))
          .then(answerWith, (error: unknown) => (done(), reject(error)));
      });
  }

  // The inspector is attached only while a request waits: a Run whose sub-agents ask nothing pays nothing.
  #wait(callId: string, answerWith: (answer: ApprovalAnswer) => void): void {
    const waiting = this.#waiting.get(callId) ?? new Set();
    waiting.add(answerWith);
    this.#waiting.set(callId, waiting);
    this.#inspection ??= this.#actorOf()?.system.inspect(this.#inspect);
  }

  #stopWaiting(callId: string, answerWith: (answer: ApprovalAnswer) => void): void {
    const waiting = this.#waiting.get(callId);
    waiting?.delete(answerWith);
    if (waiting?.size === 0) this.#waiting.delete(callId);
    if (this.#waiting.size > 0) return;
    this.#inspection?.unsubscribe();
    this.#inspection = undefined;
  }
}
