// Cuts what a root actor does into segments, one per event it processes: the transitions it
// took (from microstep inspection events) up to the snapshot that ends the macrostep. Replays
// compare each segment with the model step it should match.
import type { InspectionEvent } from 'xstate';
import { transitionId } from './machineGraph.js';

export type SnapshotInspection = Extract<InspectionEvent, { type: '@xstate.snapshot' }>;

/** An `inspect` function calling `onSegment` once per event the root actor (not its children) processed. */
export function segmentInspector(onSegment: (end: SnapshotInspection, fired: string[]) => void): (event: InspectionEvent) => void {
  let fired: string[] = [];
  return (event) => {
    if (event.actorRef.sessionId !== event.rootId) return;
    if (event.type === '@xstate.microstep') fired.push(...event._transitions.map(transitionId));
    if (event.type !== '@xstate.snapshot') return;
    onSegment(event, fired);
    fired = [];
  };
}
