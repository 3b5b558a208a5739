// An agent: a registry, a provider and a session store, running one Run per call.
import type { Observable, Subscription } from 'rxjs';
import { toPromise, type InspectionEvent, type Observer } from 'xstate';
import { RunErrorCode, SessionErrorCode } from '../codes.js';
import { RunError, SessionError } from '../errors.js';
import { IsolatedObservable, type SubscriberErrorHandler } from '../events/isolatedObservable.js';
import type { RunEvent } from '../events/runEvent.js';
import { runEvents, type RunActor } from '../run/runEvents.js';
import { resolveLimits } from '../limits.js';
import { ToolRegistry } from '../tools/registry.js';
import { bindOncePerToolSet, createRunActorWith, type CreateRunActorOptions } from '../run/createRunActor.js';
import { MemorySessionStore } from '../session/memorySessionStore.js';
import { isDurableSessionStore } from '../session/isDurableSessionStore.js';
import { assertSessionId } from '../session/sessionId.js';
import type { SessionLease, SessionStore } from '../session/sessionStore.js';
import { resumePointOf, takeUnfinishedRun, type RunResumePoint } from '../run/resumePoint.js';
import type { Message, Provider, RunLimits, RunOutput, Tool, Usage } from '../types.js';
import { KeyedLock, LockWaitAbortedError } from '../keyedLock.js';
import { checkTraceparent, createAgentTelemetry, DEFAULT_AGENT_NAME } from '../telemetry/agentTelemetry.js';
import type { TelemetryOptions } from '../telemetry/telemetryOptions.js';
import { checkAgentOptions } from './checkAgentOptions.js';
import { currentRunScope, inRunScope, type RunScope } from './runScope.js';
import { compileOutput, type CompiledOutput, type OutputOf, type OutputOptions, type OutputSchema } from '../output/outputSchema.js';
import { holdingSession, isInsideRunOn } from './sessionReentry.js';
import { rememberAgentParts } from './agentParts.js';
import { AnswersThroughRun } from './answersThroughRun.js';

/** What a Run of an agent is started with: the scope its code sees, and its approver. */
interface RunFrame {
  scope: RunScope;
  approve: CreateRunActorOptions['approve'];
}

/** The typed-output options of an agent or a Run (docs/output.md). */
export interface AgentOutputOptions extends OutputOptions {
  /** The Run must end with an answer matching this schema: a JSON Schema object or a Standard Schema. */
  output?: OutputSchema;
}

export interface AgentOptions extends AgentOutputOptions {
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
  /**
   * The system message sent first in every request of every Run: a string, or a function
   * of the Run (`{ runId, input, iterations }`) that returns one. Never written to the session.
   */
  instructions?: CreateRunActorOptions['instructions'];
  /**
   * Answers approval requests of tools with `needsApproval`. Without it such calls are
   * denied at once (code `denied`): an agent's Runs have no one to send them APPROVE.
   */
  approve?: CreateRunActorOptions['approve'];
  /**
   * Prices one response in USD from its usage, for `limits.maxCostUsd` (docs/budgets.md). The
   * application supplies it: tinyagent ships no price table.
   */
  pricing?: (usage: Usage) => number;
  /** The agent's name in traces (`gen_ai.agent.name`, the span `invoke_agent {name}`). Default `tinyagent`. */
  name?: string;
  /**
   * OpenTelemetry traces of every Run (docs/tracing.md), through the optional peer dependency
   * `@opentelemetry/api`, which is loaded only when this is given. Without it nothing is traced.
   */
  telemetry?: TelemetryOptions;
  /** Functions consulted around each call and each provider request of every Run (docs/hooks.md). */
  hooks?: CreateRunActorOptions['hooks'];
  /** How long a hook may take (default 30 000 ms): a late beforeToolCall denies the call (docs/hooks.md). */
  hookTimeoutMs?: number;
  /** Permission rules `{ allow?, ask?, deny? }` for every call (docs/permissions.md); checked here. */
  permissions?: CreateRunActorOptions['permissions'];
  /**
   * The folder relative paths in permission rules and path arguments are resolved against: the
   * root of the agent's file tools and shell (default: the process's working directory).
   */
  permissionsRoot?: string;
}

export interface AgentRunOptions extends AgentOutputOptions {
  /** Load this session's history first, then append the Run's messages to it. */
  sessionId?: string;
  /** Aborting it cancels the Run, or takes it out of its session's queue if it has not started. */
  signal?: AbortSignal;
  /**
   * A W3C traceparent the Run's trace nests under, e.g. `toolCallTraceparent(ctx)` of the tool
   * call that runs this agent as a sub-agent. Used only with `telemetry`.
   */
  traceparent?: string;
}

/** Options of `agent.resume` and `agent.resumeStream`. */
export interface AgentResumeOptions {
  /** Aborting it cancels the resumed Run, or stops the wait for its session. */
  signal?: AbortSignal;
  /** As for `agent.run`; a resumed Run's trace id is its Run id's, as it was. */
  traceparent?: string;
}

export interface Agent<Output = unknown> {
  /** The only way application code adds tools. */
  readonly tools: ToolRegistry;
  /** Resolves with the RunOutput when the Run completes; rejects with a RunError otherwise. `output` types `RunOutput.output`. */
  run<const Schema extends OutputSchema>(input: string, options: AgentRunOptions & { output: Schema }): Promise<RunOutput<OutputOf<Schema>>>;
  run(input: string, options?: AgentRunOptions): Promise<RunOutput<Output>>;
  /** Cold: each subscription starts its own Run; completes after the terminal event. Unsubscribing cancels the Run. */
  stream(input: string, options?: AgentRunOptions): Observable<RunEvent>;
  /**
   * Continues the session's unfinished Run (after a crash, a stop or `actor.stop()`, in this
   * process or another), like `run` (docs/sessions.md, "Resume"). Rejects with a SessionError
   * `nothing_to_resume` when the session has none.
   */
  resume(sessionId: string, options?: AgentResumeOptions): Promise<RunOutput<Output>>;
  /** `resume` as a cold stream of the resumed Run's events, `run.resumed` first. */
  resumeStream(sessionId: string, options?: AgentResumeOptions): Observable<RunEvent>;
}

function toRegistry(tools: AgentOptions['tools']): ToolRegistry {
  if (tools instanceof ToolRegistry) return tools;
  return new ToolRegistry(tools ?? []);
}

const newRunId = () => crypto.randomUUID().toLowerCase();

/** The compiled output of a Run: its own `output`, else the agent's. */
function outputOfRun(runOptions: AgentRunOptions, agentOutput: CompiledOutput | undefined): CompiledOutput | undefined {
  if (runOptions.output === undefined) return agentOutput;
  return compileOutput(runOptions.output, {
    outputMode: runOptions.outputMode ?? agentOutput?.mode,
    maxOutputRetries: runOptions.maxOutputRetries ?? agentOutput?.maxRetries,
  });
}

/** A completed Run's validated JSON answer, turned into the output value (a Standard Schema's parse). */
async function finishOutput(output: RunOutput, compiled: CompiledOutput | undefined): Promise<RunOutput> {
  if (compiled === undefined || output.status !== 'completed' || !('output' in output)) return output;
  try {
    return { ...output, output: await compiled.finish(output.output) };
  } catch (error) {
    // A Standard Schema may check more than its JSON Schema says (a refinement): then there is no valid answer.
    const failed = { code: RunErrorCode.outputInvalid, message: `The final answer did not match the output schema: ${(error as Error).message}` };
    const { output: _refused, ...rest } = output;
    throw new RunError(failed.code, failed.message, { ...rest, status: 'failed', error: failed }, { cause: error });
  }
}

/**
 * Rejects a non-completed Run's output as a RunError. Its cause is the live value: the abort
 * reason of a cancelled Run, the error a failed one kept beside its actor; the Run's context
 * holds only their descriptions.
 */
function settle(output: RunOutput, signal: AbortSignal | undefined, liveCause: unknown): RunOutput {
  if (output.status === 'completed') return output;
  const error = output.error ?? { code: output.status, message: `Run ended with status ${output.status}` };
  const cause = output.status === 'cancelled' ? (signal?.aborted ? signal.reason : undefined) : liveCause;
  throw new RunError(error.code, error.message, output, { cause });
}

/** The RunError of a Run whose signal aborted before it started: nothing was sent or written. */
function cancelledBeforeStart(runId: string, sessionId: string | undefined, reason: unknown): RunError {
  const where = sessionId === undefined ? '' : ` while it waited for session "${sessionId}"`;
  const error = { code: RunErrorCode.cancelled, message: `Run cancelled${where}; it never started` };
  const output: RunOutput = { runId, status: 'cancelled', error, iterations: 0, messages: [] };
  return new RunError(error.code, error.message, output, { cause: reason });
}

function reentrantRun(sessionId: string): SessionError {
  return new SessionError(
    SessionErrorCode.inUse,
    `Session "${sessionId}" is in use by the Run that started this one (a tool ran the agent on its own session); ` +
      'it would wait for itself forever. Use another session id, or no session, for the inner Run.',
    { details: { sessionId } },
  );
}

/**
 * Creates an agent whose Runs share its registry, provider, limits and session store.
 * Throws a `ConfigurationError` at once for a missing provider, a store without
 * `load`/`append`, or limits it does not know.
 * @example
 * const agent = createAgent({ provider, tools });
 * const { text } = await agent.run('Say hi');
 */
export function createAgent<const Schema extends OutputSchema>(options: AgentOptions & { output: Schema }): Agent<OutputOf<Schema>>;
export function createAgent(options: AgentOptions): Agent;
export function createAgent(options: AgentOptions): Agent {
  checkAgentOptions(options);
  const agentOutput = options.output === undefined ? undefined : compileOutput(options.output, options);
  const tools = toRegistry(options.tools);
  const limits = resolveLimits(options.limits);
  const store = options.sessionStore ?? new MemorySessionStore();
  const lock = new KeyedLock();
  const telemetry = createAgentTelemetry(options.telemetry, {
    name: options.name ?? DEFAULT_AGENT_NAME,
    provider: options.provider.info,
    toolDescription: (name) => tools.get(name)?.description,
  });
  // The live errors behind failed Runs, by Run id, until their RunError is built.
  const causes = new Map<string, unknown>();
  const keepCause = (runId: string, cause: unknown) => causes.set(runId, cause);
  // The provider, store and clock never change: the machine is bound once per state of the
  // registry (a registration makes a new tool set) and approver (a sub-agent's is its parent
  // Run's), not once per Run.
  const bind = bindOncePerToolSet();

  // Leases taken for Runs that have not started yet, by Run id; each Run's session writer takes its own.
  const taken = new Map<string, SessionLease>();
  const leases = (sessionId: string, runId: string) => {
    const lease = taken.get(runId);
    if (lease?.sessionId !== sessionId) return undefined;
    taken.delete(runId);
    return Promise.resolve(lease);
  };
  // A Run that never got to take its lease gives it back (the session stays as it was).
  const dropLease = (runId: string) => {
    const lease = taken.get(runId);
    taken.delete(runId);
    return lease?.release().catch(() => undefined);
  };

  // A Run whose signal aborts from here on starts and ends `cancelled` at once, recorded like any Run.
  async function loadHistory({ sessionId }: AgentRunOptions, runId: string): Promise<Message[]> {
    if (sessionId === undefined) return [];
    // The Run holds its session from here to its end; taking it repairs what a dead Run left
    // (docs/design.md, "Sessions and repair").
    if (isDurableSessionStore(store)) taken.set(runId, await store.acquire(sessionId, { runId }));
    try {
      return await store.load(sessionId);
    } catch (error) {
      await dropLease(runId);
      throw error;
    }
  }

  /**
   * The scope of a Run about to start, and its approver: one deeper than the Run
   * whose tool starts it; its approver, or that Run's. Its sub-agents' events are sent to its
   * actor (once built), and they ask through its approver and the answers sent to its actor.
   */
  function scopeOf(runId: string, sessionId: string | undefined, parent: RunScope | undefined, actorOf: () => RunActor | undefined): RunFrame {
    const approve = options.approve ?? parent?.approve;
    const answers = approve === undefined ? undefined : new AnswersThroughRun(actorOf);
    const publish = (event: RunEvent) => {
      const actor = actorOf();
      if (actor?.getSnapshot().status === 'active') actor.send({ type: 'subagent.event', event });
    };
    const scope: RunScope = { runId, sessionId, depth: parent === undefined ? 0 : parent.depth + 1, approve: answers?.through(approve!), publish };
    return { scope, approve };
  }

  // Takes the session's unfinished Run; the Run keeps its id, so its trace and idempotency keys stay.
  async function loadResume(sessionId: string, signal: AbortSignal | undefined) {
    if (!isDurableSessionStore(store)) {
      throw new SessionError(SessionErrorCode.nothingToResume, `Session "${sessionId}": this agent's session store keeps no Run state (it has no acquire/loadRunState), so there is nothing to resume`, {
        details: { sessionId },
      });
    }
    const { state, lease } = await takeUnfinishedRun(store, sessionId, signal);
    try {
      const resume = resumePointOf(state, tools.snapshot());
      taken.set(state.runId, lease);
      return { runId: state.runId, resume, history: state.messages.slice(0, state.runStart), input: resume.messages[0]!.content };
    } catch (error) {
      await lease.release().catch(() => undefined);
      throw error;
    }
  }

  function buildRun(
    runId: string,
    input: string,
    { sessionId, signal, traceparent }: AgentRunOptions,
    history: Message[],
    output: CompiledOutput | undefined,
    frame: RunFrame,
    resume: RunResumePoint | undefined,
  ): RunActor {
    const actor = createRunActorWith(bind, {
      provider: options.provider,
      tools,
      input,
      history,
      session: sessionId === undefined ? undefined : { store, sessionId },
      limits,
      signal,
      inspect: options.inspect,
      now: options.now,
      runId,
      instructions: options.instructions,
      approve: frame.approve,
      pricing: options.pricing,
      denyApprovalsWithoutApprover: true,
      hooks: options.hooks,
      hookTimeoutMs: options.hookTimeoutMs,
      permissions: options.permissions,
      permissionsRoot: options.permissionsRoot,
    }, { store, keepCause, output, leases, resume });
    // Subscribed before the Run starts (and before any stream subscriber), so a call's span is open when its tool runs.
    if (telemetry) runEvents(actor, options.onSubscriberError).subscribe(telemetry.tracerFor({ sessionId, traceparent, history }));
    return actor;
  }

  function takeCause(runId: string): unknown {
    const cause = causes.get(runId);
    causes.delete(runId);
    return cause;
  }

  /** Queues `work` behind the session's earlier Runs; refuses a Run its own session's Run started. */
  function inTurn<T>(runOptions: AgentRunOptions, work: () => Promise<T>, waitSignal = runOptions.signal): Promise<T> {
    const { sessionId } = runOptions;
    checkTraceparent(runOptions.traceparent);
    if (sessionId === undefined) return lock.run(undefined, work, waitSignal);
    assertSessionId(sessionId);
    if (isInsideRunOn(lock, sessionId)) return Promise.reject(reentrantRun(sessionId));
    return lock.run(sessionId, () => holdingSession(lock, sessionId, work), waitSignal);
  }

  /** What a Run starts from: a new one's input and history, or the point a resumed one picks up. */
  interface Prepared {
    runId: string;
    input: string;
    history: Message[];
    resume?: RunResumePoint;
  }

  const newRun = (input: string, runOptions: AgentRunOptions) => {
    const runId = newRunId();
    return { runId, prepare: (): Promise<Prepared> => loadHistory(runOptions, runId).then((history) => ({ runId, input, history })) };
  };
  // A resumed Run's id is known once its session is read; until then errors name none.
  const resumedRun = (sessionId: string, signal: AbortSignal | undefined) => ({ runId: '', prepare: (): Promise<Prepared> => loadResume(sessionId, signal) });

  // The actor of a prepared Run; a lease taken for it goes back if the actor cannot be built.
  function actorFor(prepared: Prepared, runOptions: AgentRunOptions, output: CompiledOutput | undefined, frame: RunFrame): RunActor {
    try {
      return buildRun(prepared.runId, prepared.input, runOptions, prepared.history, output, frame, prepared.resume);
    } catch (error) {
      void dropLease(prepared.runId);
      throw error;
    }
  }

  function runToOutput(start: { runId: string; prepare: () => Promise<Prepared> }, runOptions: AgentRunOptions): Promise<RunOutput> {
    const { signal, sessionId } = runOptions;
    let run: Promise<RunOutput>;
    try {
      const output = outputOfRun(runOptions, agentOutput);
      const parent = currentRunScope();
      run = inTurn(runOptions, () =>
        start.prepare().then((prepared) => {
          const { runId } = prepared;
          const built: { actor?: RunActor } = {};
          const frame = scopeOf(runId, sessionId, parent, () => built.actor);
          const actor = actorFor(prepared, runOptions, output, frame);
          built.actor = actor;
          inRunScope(frame.scope, () => actor.start());
          return toPromise(actor).then(
            (ended) => finishOutput(settle(ended, signal, takeCause(runId)), output),
            (error: unknown) => {
              takeCause(runId);
              throw error;
            },
          );
        }),
      );
    } catch (error) {
      return Promise.reject(error);
    }
    return run.catch((error: unknown) => {
      throw error instanceof LockWaitAbortedError ? cancelledBeforeStart(start.runId, sessionId, error.reason) : error;
    });
  }

  function runToStream(begin: (waitSignal: AbortSignal) => { runId: string; prepare: () => Promise<Prepared> }, runOptions: AgentRunOptions): Observable<RunEvent> {
    return new IsolatedObservable<RunEvent>((subscriber) => {
      let actor: RunActor | undefined;
      let events: Subscription | undefined;
      // Unsubscribing takes a Run that has not started yet out of the queue.
      const left = new AbortController();
      const waitSignal = runOptions.signal ? AbortSignal.any([runOptions.signal, left.signal]) : left.signal;
      const cancel = () => {
        if (actor?.getSnapshot().status === 'active') actor.send({ type: 'CANCEL', reason: 'stream unsubscribed' });
      };
      const start = begin(waitSignal);
      const output = outputOfRun(runOptions, agentOutput);
      const parent = currentRunScope();
      const work = () =>
        start.prepare().then((prepared) => {
          if (left.signal.aborted) return dropLease(prepared.runId);
          // A sub-agent's events reach this stream's subscriber as the Run's own do: through its actor.
          const frame = scopeOf(prepared.runId, runOptions.sessionId, parent, () => actor);
          const created = actorFor(prepared, runOptions, output, frame);
          actor = created;
          events = runEvents(created).subscribe(subscriber);
          inRunScope(frame.scope, () => created.start());
          // An unsubscribe during start() (e.g. `take(1)` on run.started) found no Run to cancel yet.
          if (left.signal.aborted) cancel();
          return toPromise(created).then(
            () => void takeCause(prepared.runId),
            () => void takeCause(prepared.runId),
          );
        });
      try {
        inTurn(runOptions, work, waitSignal).catch((error: unknown) => {
          if (left.signal.aborted) return;
          subscriber.error(error instanceof LockWaitAbortedError ? cancelledBeforeStart(start.runId, runOptions.sessionId, error.reason) : error);
        });
      } catch (error) {
        subscriber.error(error);
      }
      return () => {
        left.abort();
        events?.unsubscribe();
        // Leaving the stream early cancels its Run rather than leaving it running unseen.
        cancel();
      };
    }, options.onSubscriberError);
  }

  const agent = {
    tools,
    run: (input: string, runOptions: AgentRunOptions = {}) => runToOutput(newRun(input, runOptions), runOptions),
    stream: (input: string, runOptions: AgentRunOptions = {}) => runToStream(() => newRun(input, runOptions), runOptions),
    resume: (sessionId: string, resumeOptions: AgentResumeOptions = {}) => {
      const runOptions: AgentRunOptions = { ...resumeOptions, sessionId };
      return runToOutput(resumedRun(sessionId, resumeOptions.signal), runOptions);
    },
    resumeStream: (sessionId: string, resumeOptions: AgentResumeOptions = {}) => {
      const runOptions: AgentRunOptions = { ...resumeOptions, sessionId };
      return runToStream((waitSignal) => resumedRun(sessionId, waitSignal), runOptions);
    },
  };
  rememberAgentParts(agent as Agent, { provider: options.provider, tools, limits, store, instructions: options.instructions, approve: options.approve });
  return agent as Agent;
}
