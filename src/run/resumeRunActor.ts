// A Run actor that continues its session's unfinished Run from the store alone, in this process
// or any other (docs/design.md, "Durability"): the building block of `agent.resume`, for
// applications that drive the actor themselves (e.g. to send APPROVE for a call that waited for
// approval when its first process went away).
import { provideRunEnvironment } from '../../machines/run.machine.js';
import { ConfigurationError } from '../errors.js';
import { isDurableSessionStore } from '../session/isDurableSessionStore.js';
import { createRunActorWith, toolSetOf, type CreateRunActorOptions, type SessionBinding } from './createRunActor.js';
import { resumePointOf, takeUnfinishedRun } from './resumePoint.js';
import type { RunActor } from './runEvents.js';

/** `createRunActor`'s options without what the session supplies: the input, history, Run id and snapshot. */
export interface ResumeRunActorOptions extends Omit<CreateRunActorOptions, 'input' | 'history' | 'runId' | 'snapshot' | 'session'> {
  /** A durable store (`acquire`, `loadRunState`) and the session whose unfinished Run continues. */
  session: SessionBinding;
}

/**
 * Takes the session for its unfinished Run and creates (does not start) the actor that
 * continues it, with the Run's id, messages, counters and open calls as the session recorded
 * them. Start it (or the session stays held by this process until it ends). Rejects with a
 * SessionError `nothing_to_resume` when the session has no unfinished Run.
 * @example
 * import { FileSessionStore, runToPromise } from 'tinyagent';
 * const store = new FileSessionStore({ dir: '.sessions' });
 * const actor = await resumeRunActor({ provider, tools, session: { store, sessionId: 'chat-1' } });
 * actor.start();
 * const output = await runToPromise(actor);
 */
export async function resumeRunActor(options: ResumeRunActorOptions): Promise<RunActor> {
  const store = options.session?.store;
  if (store === undefined || !isDurableSessionStore(store)) {
    throw new ConfigurationError('resumeRunActor needs a durable session store (with acquire and loadRunState), e.g. FileSessionStore or PostgresSessionStore');
  }
  const { sessionId } = options.session;
  const { state, lease } = await takeUnfinishedRun(store, sessionId, options.signal);
  try {
    const resume = resumePointOf(state, toolSetOf(options.tools));
    const handOver = (leaseSession: string, runId: string) => (leaseSession === sessionId && runId === state.runId ? Promise.resolve(lease) : undefined);
    return createRunActorWith(
      provideRunEnvironment,
      { ...options, input: resume.messages[0]!.content, history: state.messages.slice(0, state.runStart), runId: state.runId },
      { leases: handOver, resume },
    );
  } catch (error) {
    await lease.release().catch(() => undefined);
    throw error;
  }
}
