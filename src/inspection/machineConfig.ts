// A machine's definition as the plain config `createMachine` accepts (and Stately's "Import
// from code" reads): states, transitions, guards, actions and actors by name, no functions.
// Keys come in one fixed order and events in definition order, so the output is deterministic.
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

function nameOf(item: unknown): string {
  if (typeof item === 'string') return item;
  const type = (item as { type?: unknown } | undefined)?.type;
  if (typeof type === 'string') return type;
  return typeof item === 'function' ? item.name || 'inline' : 'inline';
}

// `after` adds a delayed raise on entry and its cancel on exit; the config shows `after` instead.
function isDelayPlumbing(item: unknown): boolean {
  const action = item as { type?: unknown; delay?: unknown };
  return (action.type === 'xstate.raise' && action.delay !== undefined) || action.type === 'xstate.cancel';
}

function names(items: readonly unknown[] | undefined): Json[] {
  return (items ?? []).filter((item) => !isDelayPlumbing(item)).map(nameOf);
}

function transitionConfig(transition: AnyTransitionDefinition): JsonObject {
  const config: JsonObject = {};
  const targets = transition.target?.map((node) => `#${node.id}`) ?? [];
  if (targets.length > 0) config.target = targets.length === 1 ? targets[0]! : targets;
  if (transition.guard !== undefined) config.guard = nameOf(transition.guard);
  const actions = names(transition.actions);
  if (actions.length > 0) config.actions = actions;
  if (transition.reenter) config.reenter = true;
  if (transition.description) config.description = transition.description;
  return config;
}

const transitionsConfig = (transitions: readonly AnyTransitionDefinition[]): Json =>
  transitions.length === 1 ? transitionConfig(transitions[0]!) : transitions.map(transitionConfig);

function invokeConfig(node: AnyStateNode): JsonObject[] {
  return node.invoke.map((invoke) => {
    const config: JsonObject = { id: invoke.id, src: nameOf(invoke.src) };
    const onDone = node.transitions.get(`${DONE}${invoke.id}`);
    const onError = node.transitions.get(`${ERROR}${invoke.id}`);
    if (onDone) config.onDone = transitionsConfig(onDone);
    if (onError) config.onError = transitionsConfig(onError);
    return config;
  });
}

function stateConfig(node: AnyStateNode): JsonObject {
  const config: JsonObject = {};
  if (node.type === 'final' || node.type === 'parallel' || node.type === 'history') config.type = node.type;
  if (node.description) config.description = node.description;
  const initial = node.initial?.target[0];
  if (initial) config.initial = initial.key;
  const entry = names(node.entry);
  if (entry.length > 0) config.entry = entry;
  const exit = names(node.exit);
  if (exit.length > 0) config.exit = exit;
  const invokes = invokeConfig(node);
  if (invokes.length > 0) config.invoke = invokes.length === 1 ? invokes[0]! : invokes;
  const invoked = new Set(node.invoke.flatMap((invoke) => [`${DONE}${invoke.id}`, `${ERROR}${invoke.id}`]));
  const delayed = new Map(node.after.map((transition) => [transition.eventType, transition]));
  const on: JsonObject = {};
  const after: JsonObject = {};
  for (const [eventType, transitions] of node.transitions) {
    if (invoked.has(eventType)) continue;
    const delay = delayed.get(eventType)?.delay;
    if (delay !== undefined) after[String(delay)] = transitionsConfig(transitions);
    else on[eventType] = transitionsConfig(transitions);
  }
  if (Object.keys(on).length > 0) config.on = on;
  if (Object.keys(after).length > 0) config.after = after;
  if (node.always?.length) config.always = transitionsConfig(node.always);
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length > 0) config.states = Object.fromEntries(children.map((child) => [child.key, stateConfig(child)]));
  return config;
}

/**
 * The machine's config as JSON-ready data, for Stately's importer and inspection records.
 * @example
 * import { runMachine } from '../../machines/run.machine.js';
 * JSON.stringify(machineConfig(runMachine), null, 2)
 */
export function machineConfig(machine: AnyStateMachine): JsonObject {
  return { id: machine.id, ...stateConfig(machine.root) };
}
