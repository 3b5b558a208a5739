// What a machine definition contains, for coverage: every state node and every transition
// (each guarded candidate of `on`, `always`, `after` and invoke onDone/onError separately).
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';
import { getStateNodes } from 'xstate/graph';

function guardName(transition: AnyTransitionDefinition): string | undefined {
  const guard: unknown = transition.guard;
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return String((guard as { type?: unknown }).type);
}

/** The candidate list a transition belongs to: its state's `always`, or `on` for its event type (onDone, onError and after included). */
function candidatesOf(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  const { source, eventType } = transition;
  return eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
}

/**
 * A stable, readable id: source, event (or `always`), position among its candidates, guard, targets.
 * @example transitionId(t) // 'run.awaitingProvider · xstate.done.actor.provider#0 [answeredWithoutTools] → run.appendingResults'
 */
export function transitionId(transition: AnyTransitionDefinition): string {
  const index = candidatesOf(transition).indexOf(transition);
  if (index < 0) throw new Error(`Transition ${transition.eventType} is not part of ${transition.source.id}'s definition`);
  const on = transition.eventType === '' ? 'always' : transition.eventType;
  const guard = guardName(transition);
  const targets = transition.target?.map((node) => node.id).join(', ') ?? '(no target)';
  return `${transition.source.id} · ${on}#${index}${guard ? ` [${guard}]` : ''} → ${targets}`;
}

/** Every state node of the machine, the root excluded, in document order. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return getStateNodes(machine.root);
}

/** Every transition the machine defines, by id. */
export function allTransitions(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const candidates of node.transitions.values()) ids.push(...candidates.map(transitionId));
    ids.push(...(node.always ?? []).map(transitionId));
  }
  return ids;
}

/** "executingBatch.running" for `{ executingBatch: 'running' }`. */
export function valueName(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${valueName(child)}`))
    .join(',');
}
