// A real machine as pure ActorLogic for xstate/graph. Each transition runs the machine's own
// `transition` on the snapshot as it is (the context is immutable data, so branches share it
// safely), executes custom actions inline as a running actor does, and records what the step
// emitted and which transitions fired. The machine comes bound to its environment (tools,
// clock) by machine.provide. Child actors are created but never started: what they would
// do comes back as events the model chooses.
import { TestModel } from 'xstate/graph';
import { createEmptyActor, type ActorLogic, type AnyActorScope, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InspectionEvent, type Snapshot } from 'xstate';
import { transitionId } from './machineGraph.js';

export type ModelState<TSnapshot extends AnyMachineSnapshot> = Snapshot<unknown> & ModelStep<TSnapshot>;

interface ModelStep<TSnapshot extends AnyMachineSnapshot> {
  snapshot: TSnapshot;
  /** Emitted (`emit`) by the step that led here, in order. */
  emitted: readonly AnyEventObject[];
  /** Transition ids (machineGraph.ts) taken by the step that led here, in order. */
  fired: readonly string[];
  /** Ids of the state nodes the step passed through, transient ones (left by `always`) included. */
  visited: readonly string[];
  /** Everything emitted since the start. */
  history: readonly AnyEventObject[];
  /** The event that led here (none for the initial state). */
  lastEvent: AnyEventObject | undefined;
  /** The types of every event sent so far: what the outside did, whatever the machine made of it. */
  received: ReadonlySet<string>;
  /** Graph utilities stringify states for descriptions; the full snapshot holds functions and actors. */
  toJSON(): unknown;
}

/** A model event: a machine event plus the label tests are named after. */
export type ModelEvent = AnyEventObject & { label: string };

interface StepRecord {
  emitted: AnyEventObject[];
  fired: string[];
  visited: string[];
}
const newRecord = (): StepRecord => ({ emitted: [], fired: [], visited: [] });

// Builtin actions with effects outside the snapshot (start/stop/send to actors, delayed raises)
// are skipped: those actors are modelled by events. `emit` is recorded, custom actions run.
function recordingScope(scope: AnyActorScope, record: StepRecord): AnyActorScope {
  const system = Object.create(scope.system) as AnyActorScope['system'] & { _sendInspectionEvent(event: InspectionEvent): void };
  system._sendInspectionEvent = (event) => {
    if (event.type !== '@xstate.microstep') return;
    record.fired.push(...event._transitions.map(transitionId));
    record.visited.push(...event._transitions.map((t) => t.source.id), ...(event.snapshot as AnyMachineSnapshot)._nodes.map((node) => node.id));
  };
  return {
    ...scope,
    system,
    actionExecutor: (action) => {
      if (action.type === 'xstate.emit') record.emitted.push((action.params as { event: AnyEventObject }).event);
      else if (!action.type.startsWith('xstate.')) action.exec?.(action.info, action.params);
    },
  };
}

export interface PureMachineOptions<TSnapshot extends AnyMachineSnapshot> {
  /** The machine, bound to the model's environment (tools and clock; provider and store never called). */
  machine: AnyStateMachine;
  input: unknown;
  /** The abstract description used by toJSON. */
  describe: (snapshot: TSnapshot) => unknown;
}

/** Wraps a machine as ActorLogic whose snapshots are ModelStates. */
export function pureMachineLogic<TSnapshot extends AnyMachineSnapshot>(
  options: PureMachineOptions<TSnapshot>,
): ActorLogic<ModelState<TSnapshot>, ModelEvent, undefined> {
  const { machine, describe } = options;
  const toState = (snapshot: TSnapshot, record: StepRecord, before: readonly AnyEventObject[], received: ReadonlySet<string>, lastEvent?: AnyEventObject) =>
    ({
      status: snapshot.status,
      output: snapshot.output,
      error: snapshot.error,
      snapshot,
      emitted: record.emitted,
      fired: record.fired,
      visited: [...new Set([...record.visited, ...snapshot._nodes.map((node) => node.id)])],
      history: [...before, ...record.emitted],
      lastEvent,
      received,
      toJSON: () => describe(snapshot),
    }) as ModelState<TSnapshot>;
  return {
    getInitialSnapshot(scope) {
      const record = newRecord();
      const snapshot = machine.getInitialSnapshot(recordingScope(scope, record), options.input) as TSnapshot;
      return toState(snapshot, record, [], new Set());
    },
    transition(state, event, scope) {
      const record = newRecord();
      const next = machine.transition(state.snapshot, event, recordingScope(scope, record)) as TSnapshot;
      return toState(next, record, state.history, state.received.has(event.type) ? state.received : new Set([...state.received, event.type]), event);
    },
    getPersistedSnapshot: (state) => state,
  };
}

/** A scope like xstate/graph's own: an empty actor as `self`, every effect dropped. */
function detachedScope(): AnyActorScope {
  const self = createEmptyActor();
  return {
    self,
    id: '',
    sessionId: 'model',
    logger: () => {},
    defer: () => {},
    system: self.system,
    stopChild: () => {},
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
}

/**
 * The states a sequence of events leads through, from the initial state. Graph traversals keep
 * one state per serialised vertex, whichever route computed it last; tests recompute the states
 * along each path so that everything a step records (its history above all) belongs to that path.
 */
export function statesAlong<TSnapshot extends AnyMachineSnapshot>(
  logic: ActorLogic<ModelState<TSnapshot>, ModelEvent, undefined>,
  events: readonly ModelEvent[],
): ModelState<TSnapshot>[] {
  const scope = detachedScope();
  const states = [logic.getInitialSnapshot(scope as never, undefined)];
  for (const event of events) states.push(logic.transition(states.at(-1)!, event, scope as never));
  return states;
}

/** A generated path: the events to replay (step 0 is the start) and the model state after each. */
export interface ModelPath<TSnapshot extends AnyMachineSnapshot, TEvent extends ModelEvent> {
  name: string;
  steps: { event: TEvent; state: ModelState<TSnapshot> }[];
}

export interface PathOptions<TSnapshot extends AnyMachineSnapshot, TEvent extends ModelEvent> {
  /** Everything that can happen next in a state, with representative payloads. */
  events: (state: ModelState<TSnapshot>) => TEvent[];
  /** The abstract state: what the future depends on, and nothing that grows without bound. */
  stateKey: (state: ModelState<TSnapshot>) => string;
  /** Without it: a shortest path to every transition of the abstract graph. With it: to every state it accepts. */
  until?: (state: ModelState<TSnapshot>) => boolean;
  /** The event step 0 stands for (the actor's start). */
  start: TEvent;
  /** How the path's end is named, after the event labels. */
  endName: (state: ModelState<TSnapshot>) => string;
}

/**
 * Shortest paths through the model with xstate/graph's TestModel. Each graph vertex is "state,
 * reached by event, from state" (as createTestModel does), so one shortest path per vertex
 * takes every transition of the abstract graph; `until` keeps plain states and filters them.
 */
export function modelPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends ModelEvent>(
  logic: ActorLogic<ModelState<TSnapshot>, ModelEvent, undefined>,
  options: PathOptions<TSnapshot, TEvent>,
): ModelPath<TSnapshot, TEvent>[] {
  const { stateKey, until } = options;
  const model = new TestModel<ModelState<TSnapshot>, ModelEvent, undefined>(logic, {
    events: options.events,
    serializeState: (state, event, previous) =>
      until || !event || !previous ? stateKey(state) : `${stateKey(state)} ⇐ ${(event as ModelEvent).label} ⇐ ${stateKey(previous)}`,
  });
  return model.getShortestPaths(until ? { toState: until } : {}).map((path) => {
    const events = path.steps.slice(1).map((step) => step.event as TEvent);
    const states = statesAlong(logic, events);
    const steps = [options.start, ...events].map((event, index) => ({ event, state: states[index]! }));
    return { name: `${events.map((event) => event.label).join(' → ') || 'start'} ⇒ ${options.endName(states.at(-1)!)}`, steps };
  });
}
