// Starts a Run with its events recorded from the first one.
import { toPromise } from 'xstate';
import { createRunActor, runEvents, type CreateRunActorOptions, type RunActor, type RunEvent, type RunOutput } from '../../src/index.js';

export interface RunHarness {
  actor: RunActor;
  events: RunEvent[];
  output: Promise<RunOutput>;
  types(): string[];
}

let clock = 0;
/** A deterministic clock: each reading is 1 ms after the last. */
export const tickingClock = () => ++clock;

export function startRun(options: CreateRunActorOptions): RunHarness {
  const actor = createRunActor({ now: tickingClock, runId: 'run-1', ...options });
  const events: RunEvent[] = [];
  runEvents(actor).subscribe((event) => events.push(event));
  actor.start();
  return { actor, events, output: toPromise(actor), types: () => events.map((e) => e.type) };
}

/** Shorthand for a provider tool call. */
export const call = (id: string, name: string, args: unknown = {}) => ({
  id,
  name,
  arguments: typeof args === 'string' ? args : JSON.stringify(args),
});
