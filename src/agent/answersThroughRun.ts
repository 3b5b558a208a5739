// How a sub-agent's approval requests are answered through the Run that started it
// (docs/agents-as-tools.md): as that Run's own calls are, by its approver or by APPROVE/DENY
// sent to its actor, whichever comes first. The Run machine ignores an answer whose call id is
// not one of its own calls; this inspector of its actor sees the answer and hands it to the
// sub-agent's request waiting with that call id.
import type { InspectionEvent, Observer } from 'xstate';
import type { CreateRunActorOptions } from '../run/createRunActor.js';

type Approver = NonNullable<CreateRunActorOptions['approve']>;
type ApprovalAnswer = Awaited<ReturnType<Approver>>;

type Inspector = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/** The sub-agents' requests waiting on one Run, and the answers sent to its actor. */
export class AnswersThroughRun {
  readonly #waiting = new Map<string, Set<(answer: ApprovalAnswer) => void>>();

  /** Sees the events sent to the Run's own actor: an APPROVE or DENY answers the waiting requests of its call id. */
  readonly inspect = (inspection: InspectionEvent): void => {
    if (inspection.type !== '@xstate.event' || this.#waiting.size === 0 || inspection.actorRef.sessionId !== inspection.rootId) return;
    const { event } = inspection;
    if ((event.type !== 'APPROVE' && event.type !== 'DENY') || typeof event.callId !== 'string') return;
    const reason = typeof event.reason === 'string' && event.reason !== '' ? event.reason : undefined;
    const answer: ApprovalAnswer = event.type === 'APPROVE' ? true : reason === undefined ? false : { approved: false, reason };
    for (const answerWith of this.#waiting.get(event.callId) ?? []) answerWith(answer);
  };

  /** The approver a sub-agent asks through: `ask` (the Run's own approver) raced with answers sent to the Run's actor. */
  through(ask: Approver): Approver {
    return (request, { signal }) =>
      new Promise<ApprovalAnswer>((resolve, reject) => {
        // The approver's question is withdrawn when the sub-agent's call stops waiting or the actor's answer came first.
        const asked = new AbortController();
        const waiting = this.#waiting.get(request.callId) ?? new Set();
        const done = () => {
          signal.removeEventListener('abort', done);
          waiting.delete(answerWith);
          if (waiting.size === 0) this.#waiting.delete(request.callId);
          asked.abort();
        };
        const answerWith = (answer: ApprovalAnswer) => (done(), resolve(answer));
        waiting.add(answerWith);
        this.#waiting.set(request.callId, waiting);
        signal.addEventListener('abort', done, { once: true });
        Promise.resolve()
          .then(() => ask(request, { signal: asked.signal }))
          .then(answerWith, (error: unknown) => (done(), reject(error)));
      });
  }

  /** `inspect` beside the agent's own inspector, if any. */
  besides(inspector: Inspector | undefined): Inspector {
    if (inspector === undefined) return this.inspect;
    return (inspection) => {
      this.inspect(inspection);
      if (typeof inspector === 'function') inspector(inspection);
      else inspector.next?.(inspection);
    };
  }
}
