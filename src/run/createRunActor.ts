// The entry point that builds one Run as an XState actor: the machine bound to its environment
// (provider, tools, session store, clock: what is not data stays out of the snapshot) with
// `machine.provide`, its data as `input`, or a checked snapshot to continue from
// (docs/design.md, "Snapshots").
import { createActor, type InspectionEvent, type Observer, type Snapshot, type SnapshotFrom } from 'xstate';
import { provideRunEnvironment, type RunMachine } from '../../machines/run.machine.js';
import type { Approver } from '../../machines/approval.js';
import type { LeaseSource, RunEnvironment, RunInfo } from '../../machines/environment.js';
import type { RunResumePoint } from '../../machines/run/runContext.js';
import { ConfigurationError } from '../errors.js';
import { checkHooks, checkHookTimeout } from '../hooks/checkHooks.js';
import type { AgentHooks } from '../hooks/hookTypes.js';
import { permissionPolicyOf } from '../permissions/permissionPolicyOf.js';
import type { PermissionRules } from '../permissions/permissionTypes.js';
import { resolveLimits } from '../limits.js';
import { assertSessionId } from '../session/sessionId.js';
import { isDurableSessionStore } from '../session/isDurableSessionStore.js';
import type { SessionStore } from '../session/sessionStore.js';
import { ToolRegistry } from '../tools/registry.js';
import type { Message, Provider, RunLimits, Tool, Usage } from '../types.js';
import type { RunActor } from './runEvents.js';
import { compileOutput, withFinalAnswer, type CompiledOutput, type OutputMode, type OutputSchema } from '../output/outputSchema.js';
import { checkRunSnapshot } from './runSnapshot.js';

/** A session store and the session a Run appends to. */
export interface SessionBinding {
  store: SessionStore;
  sessionId: string;
}

export interface CreateRunActorOptions {
  provider: Provider;
  /** A registry (its tools at this moment are offered) or a list of tools. */
  tools: ToolRegistry | readonly Tool[];
  /** The user's input; the Run's messages start with it. Ignored when restoring a `snapshot`. */
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
  /** Sent as the first (system) message of every provider request; never written to the session. */
  instructions?: string | ((run: RunInfo) => string);
  /** Answers approval requests (docs/design.md, "Approval"); without it the Run waits for APPROVE/DENY. */
  approve?: Approver;
  /**
   * The Run ends with a typed answer matching this schema (docs/output.md): a JSON Schema object
   * or a Standard Schema, checked at once. The actor's output holds the validated JSON
   * (`agent.run` also applies a Standard Schema's parse).
   */
  output?: OutputSchema;
  /** How the answer is asked for: `'tool'` (default) or `'native'`. */
  outputMode?: OutputMode;
  /** Refused answers sent back before the Run fails with `output_invalid`. Default 2. */
  maxOutputRetries?: number;
  /** Prices one response in USD (`usage` → dollars), for `limits.maxCostUsd` (docs/budgets.md). */
  pricing?: (usage: Usage) => number;
  /** Without `approve`: deny approval requests at once instead of waiting for events (createAgent's choice). */
  denyApprovalsWithoutApprover?: boolean;
  /** Functions consulted around each call and each provider request (docs/hooks.md). */
  hooks?: AgentHooks;
  /** How long a hook may take (default 30 000 ms): a late beforeToolCall denies the call (docs/hooks.md). */
  hookTimeoutMs?: number;
  /** Permission rules `{ allow?, ask?, deny? }` (docs/permissions.md), evaluated for every call. */
  permissions?: PermissionRules;
  /** The folder relative paths of permission rules and of path arguments are resolved against (default: the process's working directory). */
  permissionsRoot?: string;
  /**
   * A snapshot from `actor.getPersistedSnapshot()` (JSON round trips are fine): the Run continues
   * from it with the provider, tools and session given here. `input`, `history` and `limits`
   * come from the snapshot.
   */
  snapshot?: Snapshot<unknown>;
}

const defaultNow = () => performance.timeOrigin + performance.now();
// randomUUID builds its string by concatenation: a rope of a dozen pieces (about 500 bytes,
// kept by every event of the Run). toLowerCase (a no-op on its lowercase hex) flattens it.
const newRunId = () => crypto.randomUUID().toLowerCase();

/**
 * The tools a Run offers, frozen.
 * @example toolSetOf([]).names // []
 */
export function toolSetOf(tools: CreateRunActorOptions['tools']) {
  if (tools instanceof ToolRegistry) return tools.snapshot();
  if (!Array.isArray(tools)) throw new ConfigurationError('tools must be a ToolRegistry or an array of tools');
  return new ToolRegistry(tools).snapshot();
}

function checkOptions(options: CreateRunActorOptions): void {
  if (typeof options?.provider?.complete !== 'function') throw new ConfigurationError('provider must have a complete() method');
  if (options.snapshot === undefined && typeof options.input !== 'string') throw new ConfigurationError('input must be a string');
  if (options.instructions !== undefined && typeof options.instructions !== 'string' && typeof options.instructions !== 'function') {
    throw new ConfigurationError('instructions must be a string or a function that returns one');
  }
  if (options.approve !== undefined && typeof options.approve !== 'function') throw new ConfigurationError('approve must be a function');
  checkHooks(options.hooks);
  checkHookTimeout(options.hookTimeoutMs);
  if (options.permissionsRoot !== undefined && (typeof options.permissionsRoot !== 'string' || options.permissionsRoot === '')) {
    throw new ConfigurationError('permissionsRoot must be a non-empty path');
  }
  if (options.pricing !== undefined && typeof options.pricing !== 'function') throw new ConfigurationError('pricing must be a function of usage that returns USD');
  if (options.limits?.maxCostUsd !== undefined && options.pricing === undefined) {
    throw new ConfigurationError('limits.maxCostUsd needs `pricing(usage)`: tinyagent ships no price table, the application prices its responses');
  }
  if (options.session) {
    assertSessionId(options.session.sessionId);
    // Appending to a session without sending its history would give the model a conversation
    // that differs from the one recorded; `agent.run` loads it, direct callers must pass it.
    if (options.history === undefined && options.snapshot === undefined) {
      throw new ConfigurationError('session needs its history: pass `history: await store.load(sessionId)` (agent.run does this for you)');
    }
  }
}

/** Binds the Run machine to an environment: `provideRunEnvironment`, or a cache of its results. */
export type BindRunMachine = (environment: RunEnvironment) => RunMachine;

/**
 * A binder for Runs whose provider, store, clock and instructions never change (an agent's,
 * which passes its store in `beside` for every Run): it binds the machine again only when the
 * tool set changed (a registration) or the approver did (a sub-agent's, per parent Run).
 * @example
 * import { ToolRegistry } from '../tools/registry.js';
 * const registry = new ToolRegistry(tools);
 * const bind = bindOncePerToolSet();
 * const first = createRunActorWith(bind, { provider, tools: registry, input: 'Hi' });
 * const second = createRunActorWith(bind, { provider, tools: registry, input: 'Again' }); // no registration since: not bound again
 */
export function bindOncePerToolSet(): BindRunMachine {
  let bound: { tools: RunEnvironment['tools']; approve: RunEnvironment['approve']; machine: RunMachine } | undefined;
  return (environment) => {
    // A sub-agent's Runs ask through the Run that started each of them: its approver changes with that Run.
    if (bound?.tools !== environment.tools || bound.approve !== environment.approve) {
      bound = { tools: environment.tools, approve: environment.approve, machine: provideRunEnvironment(environment) };
    }
    return bound.machine;
  };
}

/**
 * What a caller binding many Runs adds to their environment: the store all its Runs share
 * (whether or not this one has a session), and where live causes go.
 */
export interface RunBeside {
  store?: RunEnvironment['store'];
  keepCause?: RunEnvironment['keepCause'];
  /** A compiled `output` (an agent compiles its own once); else `options.output` is compiled. */
  output?: CompiledOutput;
  /** Leases the caller took for its Runs (to load the history, or the state a resume continues from). */
  leases?: LeaseSource;
  /** Where a Run continued from its session picks up. */
  resume?: RunResumePoint;
}

/**
 * The environment of a Run created with `options`.
 * @example
 * runEnvironmentOf({ provider, tools, input: 'Hi' }).now(); // milliseconds since the epoch, without a `now` option
 */
export function runEnvironmentOf(options: CreateRunActorOptions, beside: RunBeside = {}, output: CompiledOutput | undefined = beside.output): RunEnvironment {
  const tools = toolSetOf(options.tools);
  return {
    provider: options.provider,
    tools: output ? withFinalAnswer(tools, output) : tools,
    output,
    store: beside.store ?? options.session?.store,
    leases: beside.leases,
    now: options.now ?? defaultNow,
    instructions: options.instructions,
    approve: options.approve,
    withoutApprover: options.denyApprovalsWithoutApprover === true ? 'deny' : 'wait',
    hooks: options.hooks,
    hookTimeoutMs: checkHookTimeout(options.hookTimeoutMs),
    permissions: permissionPolicyOf(options.permissions, options.permissionsRoot),
    pricing: options.pricing,
    keepCause: beside.keepCause,
  };
}

/**
 * Creates (does not start) an actor of `runMachine`; `runToPromise(actor)` resolves its RunOutput.
 * Binding the machine costs about a machine's construction; `createAgent` binds once per set of tools.
 * @example
 * import { runToPromise } from './runEvents.js';
 * const echo = { name: 'echo', description: 'Replies with its text', parameters: { type: 'object' }, execute: async (args: Record<string, unknown>) => String(args.text) } as const;
 * const actor = createRunActor({ provider, tools: [echo], input: 'Say hi' });
 * actor.start();
 * const output = await runToPromise(actor);
 */
export function createRunActor(options: CreateRunActorOptions): RunActor {
  return createRunActorWith(provideRunEnvironment, options);
}

/**
 * `createRunActor` with the machine bound by `bind` (an agent's cache, a test's planted machine).
 * @example
 * import { provideRunEnvironment } from '../../machines/run.machine.js';
 * createRunActorWith(provideRunEnvironment, { provider, tools: [], input: 'Hi' });
 */
export function createRunActorWith(bind: BindRunMachine, options: CreateRunActorOptions, beside: RunBeside = {}): RunActor {
  checkOptions(options);
  const { signal } = options;
  const snapshot = options.snapshot === undefined ? undefined : checkRunSnapshot(options.snapshot, options.session?.sessionId);
  const output = beside.output ?? (options.output === undefined ? undefined : compileOutput(options.output, options));
  const saved = (snapshot as { context?: { answer?: unknown } } | undefined)?.context?.answer;
  if (snapshot && (saved !== undefined) !== (output !== undefined)) {
    throw new ConfigurationError(saved === undefined ? 'snapshot is of a Run without `output`: do not pass one' : 'snapshot is of a Run with `output`: pass its schema again');
  }
  const machine = bind(runEnvironmentOf(options, beside, output));
  const actor: RunActor =
    snapshot
      ? // With a snapshot, xstate ignores `input`; its types still ask for one.
        createActor(machine, { snapshot: snapshot as SnapshotFrom<RunMachine>, inspect: options.inspect } as Parameters<typeof createActor<RunMachine>>[1] & object)
      : createActor(machine, {
          input: {
            runId: options.runId ?? newRunId(),
            limits: resolveLimits(options.limits),
            input: options.input,
            history: options.history ?? [],
            sessionId: options.session?.sessionId,
            cancelled: signal?.aborted === true,
            answer: output ? { mode: output.mode, maxRetries: output.maxRetries } : undefined,
            durableSession: options.session !== undefined && isDurableSessionStore(options.session.store),
            resume: beside?.resume,
          },
          inspect: options.inspect,
        });
  // Processed as soon as the actor starts: executions running at the snapshot run again or are
  // interrupted (by their tools' effects), approval waits go on, a write in progress is written again.
  if (snapshot) actor.send({ type: 'run.resumed' });
  if (signal) {
    if (signal.aborted) {
      if (snapshot) actor.send({ type: 'CANCEL', reason: signal.reason });
    } else {
      const onAbort = () => actor.send({ type: 'CANCEL', reason: signal.reason });
      signal.addEventListener('abort', onAbort, { once: true });
      const detach = () => signal.removeEventListener('abort', onAbort);
      actor.subscribe({ complete: detach, error: detach });
    }
  }
  return actor;
}
