// The entry point that builds one Run as an XState actor.
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { runMachine } from '../../machines/run.machine.js';
import { ConfigurationError } from '../errors.js';
import type { RunActor } from './runEvents.js';
import { resolveLimits } from '../limits.js';
import { ToolRegistry } from '../tools/registry.js';
import { assertSessionId } from '../session/sessionId.js';
import type { SessionBinding } from '../../machines/run/sessionBinding.js';
import type { Message, Provider, RunLimits, Tool } from '../types.js';

export interface CreateRunActorOptions {
  provider: Provider;
  /** A registry (its tools at this moment are offered) or a list of tools. */
  tools: ToolRegistry | readonly Tool[];
  /** The user's input; the Run's messages start with it. */
  input: string;
  /** Earlier messages sent before the input (e.g. a loaded session). */
  history?: readonly Message[];
  /** Where the Run appends its messages. Pass the session's loaded messages as `history`. */
  session?: SessionBinding;
  limits?: Partial<RunLimits>;
  /** Aborting it cancels the Run, like `actor.send({ type: 'CANCEL' })`. */
  signal?: AbortSignal;
  /** Any XState inspector, e.g. from `@statelyai/inspect` or `createFileInspector`. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
  /** Defaults to a random UUID. */
  runId?: string;
  /** Clock in epoch milliseconds, for event times and durations. Inject one in tests. */
  now?: () => number;
}

const defaultNow = () => performance.timeOrigin + performance.now();
// randomUUID builds its string by concatenation: a rope of a dozen pieces (about 500 bytes,
// kept by every event of the Run). toLowerCase (a no-op on its lowercase hex) flattens it.
const newRunId = () => crypto.randomUUID().toLowerCase();

function toolSetOf(tools: CreateRunActorOptions['tools']) {
  if (tools instanceof ToolRegistry) return tools.snapshot();
  if (!Array.isArray(tools)) throw new ConfigurationError('tools must be a ToolRegistry or an array of tools');
  return new ToolRegistry(tools).snapshot();
}

/**
 * Creates (does not start) an actor of `runMachine`; `toPromise(actor)` resolves its RunOutput.
 * @example
 * const actor = createRunActor({ provider, tools: [echo], input: 'Say hi' });
 * actor.start();
 * const output = await toPromise(actor);
 */
export function createRunActor(options: CreateRunActorOptions): RunActor {
  if (typeof options?.provider?.complete !== 'function') throw new ConfigurationError('provider must have a complete() method');
  if (typeof options.input !== 'string') throw new ConfigurationError('input must be a string');
  if (options.session) {
    assertSessionId(options.session.sessionId);
    // Appending to a session without sending its history would give the model a conversation
    // that differs from the one recorded; `agent.run` loads it, direct callers must pass it.
    if (options.history === undefined) {
      throw new ConfigurationError('session needs its history: pass `history: await store.load(sessionId)` (agent.run does this for you)');
    }
  }
  const { signal } = options;
  const actor = createActor(runMachine, {
    input: {
      runId: options.runId ?? newRunId(),
      provider: options.provider,
      tools: toolSetOf(options.tools),
      limits: resolveLimits(options.limits),
      input: options.input,
      history: options.history ?? [],
      session: options.session,
      cancelled: signal?.aborted === true,
      now: options.now ?? defaultNow,
    },
    inspect: options.inspect,
  });
  if (signal && !signal.aborted) {
    const onAbort = () => actor.send({ type: 'CANCEL', reason: signal.reason });
    signal.addEventListener('abort', onAbort, { once: true });
    const detach = () => signal.removeEventListener('abort', onAbort);
    actor.subscribe({ complete: detach, error: detach });
  }
  return actor;
}
