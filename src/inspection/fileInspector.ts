// An XState inspector that writes a Run's inspection events to a JSONL file, for reading or
// replaying offline. Records follow the shape of @statelyai/inspect's events (type, sessionId,
// rootId, parentId, sourceId, name, definition, event, snapshot) so they can be handed to a
// Stately inspector later; see docs/machines.md, "Inspecting a Run".
import { closeSync, fchmodSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { TinyAgentError } from '../errors.js';
import { dirname } from 'node:path';
import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';
import { DEFAULT_INSPECTABLE_LIMITS, toInspectable, type InspectableLimits } from './inspectable.js';
import { machineConfig } from './machineConfig.js';
import { snapshotSummary, type ContextSummarizer } from './snapshotSummary.js';

export type InspectionEventType = InspectionEvent['type'];

export interface FileInspectorOptions {
  /** The JSONL file; created with its directory if missing, appended to otherwise. */
  path: string;
  /** Which inspection events to write. Default: actor, event, snapshot and microstep records. */
  types?: readonly InspectionEventType[];
  /** Put each state machine actor's config (JSON text) in its `@xstate.actor` record. Default true. */
  definitions?: boolean;
  /** Bounds on strings, lists and nesting in records. */
  limits?: Partial<InspectableLimits>;
  /** Clock for `createdAt` (epoch milliseconds). Default `Date.now`. */
  now?: () => number;
  /** A shorter view of a machine's context for snapshot records (createRunActor's inspector passes the Run's). */
  summarizeContext?: ContextSummarizer;
  /** Called once if writing fails; the inspector then stops and the Run goes on. Default: console.error. */
  onError?: (error: unknown) => void;
}

export interface FileInspector {
  /** Pass as `inspect` to `createRunActor` or `createAgent`. */
  readonly inspect: (event: InspectionEvent) => void;
  /** Records written or waiting to be written. */
  readonly records: number;
  /** Writes waiting records now, synchronously. */
  flush(): void;
  /** Writes what is waiting and closes the file; later events are ignored. Safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_TYPES: readonly InspectionEventType[] = ['@xstate.actor', '@xstate.event', '@xstate.snapshot', '@xstate.microstep'];
/** Records kept in memory before a synchronous write; a Run's end and close() also write. */
const BATCH = 256;

/** Events as records show them; an actor's start event is kept without its input (the whole conversation, tools, provider). */
function eventRecord(event: { type: string }, limits: InspectableLimits): unknown {
  return event.type === 'xstate.init' ? { type: 'xstate.init' } : toInspectable(event, limits);
}

function isStateMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'getStateNodeById' in logic && 'root' in logic;
}

function logicOf(actorRef: AnyActorRef): unknown {
  return (actorRef as { logic?: unknown }).logic;
}

/** The actor's name: its machine's id for state machines, else the `src` it was created from, else its id. */
function nameOf(actorRef: AnyActorRef): string {
  const logic = logicOf(actorRef);
  if (isStateMachine(logic)) return logic.id;
  return typeof actorRef.src === 'string' ? actorRef.src : actorRef.id;
}

/**
 * Opens (creates) the record file for appending, readable by its owner only: records hold
 * arguments, results and messages. A failure is a TinyAgentError (`inspection_io`).
 */
function openRecordFile(path: string): number {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const fd = openSync(path, 'a', 0o600);
    fchmodSync(fd, 0o600);
    return fd;
  } catch (cause) {
    throw new TinyAgentError('inspection_io', `The file inspector cannot open ${path}: ${(cause as Error).message}`, { cause });
  }
}

/**
 * Creates an inspector that writes inspection records as JSON lines to `path`.
 * Records are written in synchronous batches: everything up to a Run's end is on disk when the
 * Run ends; `await inspector.close()` writes the rest (events after the end) and closes the file.
 * @example
 * import { createAgent } from 'tinyagent';
 * const inspector = createFileInspector({ path: 'runs/run.jsonl' });
 * const agent = createAgent({ provider, tools, inspect: inspector.inspect });
 * await agent.run('Go');
 * await inspector.close();
 */
export function createFileInspector(options: FileInspectorOptions): FileInspector {
  const types = new Set(options.types ?? DEFAULT_TYPES);
  const limits: InspectableLimits = { ...DEFAULT_INSPECTABLE_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  const onError = options.onError ?? ((error: unknown) => console.error('tinyagent: the file inspector stopped writing.', error));
  const definitions = new WeakMap<AnyStateMachine, string>();
  let fd: number | undefined = openRecordFile(options.path);
  // Lines to write; an actor's record waits (as an object) until its start names its parent.
  let pending: (string | { record: Record<string, unknown> })[] = [];
  const awaitingParent = new Map<string, { record: Record<string, unknown> }>();
  let records = 0;

  const definitionOf = (machine: AnyStateMachine) => {
    let json = definitions.get(machine);
    if (json === undefined) definitions.set(machine, (json = JSON.stringify(machineConfig(machine))));
    return json;
  };

  const toRecord = (event: InspectionEvent): Record<string, unknown> => {
    const actorRef = event.actorRef as AnyActorRef;
    const base = { seq: records, type: event.type, rootId: event.rootId, sessionId: actorRef.sessionId, createdAt: String(now()) };
    switch (event.type) {
      case '@xstate.actor': {
        const logic = logicOf(actorRef);
        const definition = options.definitions !== false && isStateMachine(logic) ? definitionOf(logic) : undefined;
        // Created, not started: a machine's first snapshot only exists once it starts. The
        // parent is filled in from the actor's start (see `parentOf`).
        return { ...base, parentId: undefined, id: actorRef.id, name: nameOf(actorRef), definition, snapshot: { status: 'active' } };
      }
      case '@xstate.event':
        return { ...base, sourceId: event.sourceRef?.sessionId, event: eventRecord(event.event, limits) };
      case '@xstate.snapshot':
        return { ...base, event: eventRecord(event.event, limits), snapshot: snapshotSummary(event.snapshot, limits, options.summarizeContext) };
      case '@xstate.microstep': {
        const transitions = event._transitions.map((transition) => ({
          source: transition.source.id,
          eventType: transition.eventType || 'always',
          targets: transition.target?.map((target) => target.id) ?? [],
        }));
        return { ...base, event: { type: event.event.type }, value: toInspectable((event.snapshot as { value?: unknown }).value, limits), transitions };
      }
      case '@xstate.action':
        return { ...base, action: { type: event.action.type, params: toInspectable(event.action.params, limits) } };
      default:
        return base;
    }
  };

  const line = (entry: (typeof pending)[number]) => (typeof entry === 'string' ? entry : `${JSON.stringify(entry.record)}\n`);

  // Writes the pending lines, up to an actor record still waiting for its parent unless `all`.
  const flush = (all = false) => {
    if (fd === undefined || pending.length === 0) return;
    const waiting = all ? -1 : pending.findIndex((entry) => typeof entry !== 'string' && awaitingParent.has(entry.record.sessionId as string));
    const ready = waiting < 0 ? pending : pending.slice(0, waiting);
    pending = waiting < 0 ? [] : pending.slice(waiting);
    if (ready.length > 0) writeSync(fd, ready.map(line).join(''));
  };

  // XState announces each actor's start with an `xstate.init` event whose source is its parent
  // (a public field of the inspection event): that is where a record learns its parent.
  const parentOf = (event: InspectionEvent) => {
    if (event.type !== '@xstate.event' || event.event.type !== 'xstate.init') return;
    const entry = awaitingParent.get(event.actorRef.sessionId);
    if (!entry) return;
    awaitingParent.delete(event.actorRef.sessionId);
    entry.record.parentId = event.sourceRef?.sessionId;
  };

  const stop = (error: unknown) => {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // already failing; the first error is the one reported
      }
    }
    fd = undefined;
    pending = [];
    onError(error);
  };

  const inspect = (event: InspectionEvent) => {
    if (fd === undefined) return;
    try {
      parentOf(event);
      if (!types.has(event.type)) return;
      const record = toRecord(event);
      if (event.type === '@xstate.actor' && event.actorRef.sessionId !== event.rootId) {
        const entry = { record };
        awaitingParent.set(event.actorRef.sessionId, entry);
        pending.push(entry);
      } else {
        pending.push(`${JSON.stringify(record)}\n`);
      }
      records++;
      const runEnded = event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId && event.snapshot.status !== 'active';
      if (runEnded || pending.length >= BATCH) flush(runEnded);
    } catch (error) {
      stop(error); // an inspector must never break the Run it watches
    }
  };

  return {
    inspect,
    get records() {
      return records;
    },
    flush() {
      try {
        flush();
      } catch (error) {
        stop(error);
      }
    },
    async close() {
      if (fd === undefined) return;
      try {
        flush(true);
        closeSync(fd);
        fd = undefined;
      } catch (error) {
        stop(error);
      }
    },
  };
}
