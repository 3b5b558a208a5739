// An agent: a registry, a provider and a session store, running one Run per call.
import type { Observable } from 'rxjs';
import { toPromise, type InspectionEvent, type Observer } from 'xstate';
import { RunError } from '../errors.js';
import { IsolatedObservable, type SubscriberErrorHandler } from '../events/isolatedObservable.js';
import type { RunEvent } from '../events/runEvent.js';
import { runEvents, type RunActor } from '../run/runEvents.js';
import { resolveLimits } from '../limits.js';
import { ToolRegistry } from '../tools/registry.js';
import { createRunActor } from '../run/createRunActor.js';
import { MemorySessionStore } from '../session/memorySessionStore.js';
import { assertSessionId } from '../session/sessionId.js';
import type { SessionStore } from '../session/sessionStore.js';
import type { Provider, RunLimits, RunOutput, Tool } from '../types.js';
import { KeyedLock } from '../keyedLock.js';

export interface AgentOptions {
  provider: Provider;
  /** Tools to register at once; `agent.tools.register` adds more. */
  tools?: ToolRegistry | readonly Tool[];
  limits?: Partial<RunLimits>;
  /** Where `sessionId` Runs load and append. Defaults to a MemorySessionStore. */
  sessionStore?: SessionStore;
  /** Any XState inspector, attached to every Run. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Where errors thrown by stream subscribers are reported (default: console.error). */
  onSubscriberError?: SubscriberErrorHandler;
  /** Clock in epoch milliseconds; inject one in tests. */
  now?: () => number;
}

export interface AgentRunOptions {
  /** Load this session's history first, then append the Run's messages to it. */
  sessionId?: string;
  /** Aborting it cancels the Run. */
  signal?: AbortSignal;
}

export interface Agent {
  /** The only way application code adds tools. */
  readonly tools: ToolRegistry;
  /** Resolves with the RunOutput when the Run completes; rejects with a RunError otherwise. */
  run(input: string, options?: AgentRunOptions): Promise<RunOutput>;
  /** Cold: each subscription starts its own Run; completes after the terminal event. */
  stream(input: string, options?: AgentRunOptions): Observable<RunEvent>;
}

function toRegistry(tools: AgentOptions['tools']): ToolRegistry {
  if (tools instanceof ToolRegistry) return tools;
  return new ToolRegistry(tools ?? []);
}

const noop = () => {};

/** Rejects a non-completed Run's output as a RunError. */
function settle(actor: RunActor, output: RunOutput): RunOutput {
  if (output.status === 'completed') return output;
  const error = output.error ?? { code: output.status, message: `Run ended with status ${output.status}` };
  throw new RunError(error.code, error.message, output, { cause: actor.getSnapshot().context.outcome?.cause });
}

/**
 * Creates an agent whose Runs share its registry, provider, limits and session store.
 * @example
 * const agent = createAgent({ provider, tools: [echo] });
 * const { text } = await agent.run('Say hi');
 */
export function createAgent(options: AgentOptions): Agent {
  const tools = toRegistry(options.tools);
  const limits = resolveLimits(options.limits);
  const store = options.sessionStore ?? new MemorySessionStore();
  const lock = new KeyedLock();

  async function startRun(input: string, runOptions: AgentRunOptions, beforeStart: (actor: RunActor) => void): Promise<RunActor> {
    const { sessionId, signal } = runOptions;
    if (sessionId !== undefined) assertSessionId(sessionId);
    const history = sessionId === undefined ? [] : await store.load(sessionId);
    const actor = createRunActor({
      provider: options.provider,
      tools,
      input,
      history,
      session: sessionId === undefined ? undefined : { store, sessionId },
      limits,
      signal,
      inspect: options.inspect,
      now: options.now,
    });
    beforeStart(actor);
    actor.start();
    return actor;
  }

  return {
    tools,
    run(input, runOptions = {}) {
      // Promise callbacks rather than an async function: a Run waiting on its provider keeps
      // two small closures alive instead of a suspended generator with its registers.
      return lock.run(runOptions.sessionId, () =>
        startRun(input, runOptions, noop).then((actor) => toPromise(actor).then((output) => settle(actor, output))),
      );
    },
    stream(input, runOptions = {}) {
      return new IsolatedObservable<RunEvent>((subscriber) => {
        let actor: RunActor | undefined;
        let unsubscribed = false;
        void lock
          .run(runOptions.sessionId, async () => {
            if (unsubscribed) return;
            actor = await startRun(input, runOptions, (created) => {
              runEvents(created).subscribe(subscriber);
            });
            await toPromise(actor).catch(() => undefined);
          })
          .catch((error: unknown) => subscriber.error(error));
        return () => {
          unsubscribed = true;
          // Leaving the stream early cancels its Run rather than leaving it running unseen.
          if (actor?.getSnapshot().status === 'active') actor.send({ type: 'CANCEL', reason: 'stream unsubscribed' });
        };
      }, options.onSubscriberError);
    },
  };
}
