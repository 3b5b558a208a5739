// What a Run works with but does not own: its provider, tools, session store, clock and the
// optional instructions and approver. None of it is data, so none of it lives in the Run's
// snapshot (docs/design.md, "Snapshots"). createRunActor binds one environment to the actor
// system of each Run; the Run's actions and child actors read it from there. A snapshot
// computed elsewhere (`transition()`, a model traversal) reads the inert default instead.
import type { ActorSystem } from 'xstate';
import type { SessionStore } from '../../src/session/sessionStore.js';
import { createToolSet, type ToolSet } from '../../src/tools/toolSet.js';
import type { Provider } from '../../src/types.js';
import type { Approver } from './approval.js';

/** Facts about the Run handed to an `instructions` function. */
export interface RunInfo {
  runId: string;
  /** The user's input that started the Run. */
  input: string;
  /** Tool batches executed so far. */
  iterations: number;
}

export interface RunEnvironment {
  provider: Provider;
  tools: ToolSet;
  /** The store the Run appends to; the session id is in the Run's context. */
  store: SessionStore | undefined;
  now: () => number;
  /** Sent first, as a system message, in every provider request; never persisted. */
  instructions: string | ((run: RunInfo) => string) | undefined;
  /** Answers approval requests; without it the Run waits for APPROVE/DENY events. */
  approve: Approver | undefined;
  /** Deny every approval request at once instead of waiting (an agent without `approve`). */
  denyWithoutApprover: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any actor's system
type RunActorSystem = ActorSystem<any>;

const environments = new WeakMap<RunActorSystem, RunEnvironment>();

const inert: RunEnvironment = {
  provider: { complete: () => Promise.reject(new Error('This Run has no provider bound')) },
  tools: createToolSet([]),
  store: undefined,
  now: () => 0,
  instructions: undefined,
  approve: undefined,
  denyWithoutApprover: false,
};

// The environment of the actor being created: xstate computes a new actor's first snapshot
// (entry actions, the first invoke's input) inside createActor, before its system can be bound.
let creating: RunEnvironment | undefined;

/**
 * Creates an actor (synchronously, in `create`) whose system is bound to `environment`.
 * @example
 * import { createActor } from 'xstate';
 * import { runMachine } from '../run.machine.js';
 * import type { RunMachineInput } from './runContext.js';
 * declare const environment: RunEnvironment;
 * declare const input: RunMachineInput;
 * const actor = createWithEnvironment(environment, () => createActor(runMachine, { input }));
 */
export function createWithEnvironment<T extends { system: RunActorSystem }>(environment: RunEnvironment, create: () => T): T {
  const outer = creating;
  creating = environment;
  try {
    const actor = create();
    environments.set(actor.system, environment);
    return actor;
  } finally {
    creating = outer;
  }
}

/**
 * Binds `environment` to an existing actor system (a model traversal's scope).
 * @example
 * import type { ActorSystem } from 'xstate';
 * declare const scope: { system: ActorSystem<any> }; // e.g. the actor scope of a model traversal
 * declare const environment: RunEnvironment;
 * bindRunEnvironment(scope.system, environment)
 */
export function bindRunEnvironment(system: RunActorSystem, environment: RunEnvironment): void {
  environments.set(system, environment);
}

/**
 * The environment bound to `system`, or an inert one (no provider, no tools, clock at 0).
 * @example
 * import type { AnyActorRef } from 'xstate';
 * declare const self: AnyActorRef; // an actor of a Run
 * environmentOf(self.system).now()
 */
export function environmentOf(system: RunActorSystem): RunEnvironment {
  return environments.get(system) ?? creating ?? inert;
}
