// Runs one Scenario to its end without real waiting: between steps the driver lets every
// queued promise settle (one real macrotask), then does exactly one thing: cancel when the
// plan says so, release a gated call, or fire the next (fake) grace timer. A Run that can
// do none of these and has not ended is stuck, which is a failure of its own.
import { vi } from 'vitest';
import { createAgent, type Message, type RunEvent, type RunOutput } from '../../src/index.js';
import { startRun, tickingClock } from '../helpers/runHarness.js';
import type { Scenario } from './scenario.js';
import { ScenarioWorld } from './scenarioWorld.js';

export const SESSION_ID = 'property-session';

/** An exchange the session already holds when `withHistory` is set. */
export const HISTORY: readonly Message[] = [
  { role: 'user', content: 'earlier question' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'h1', name: 'alpha', arguments: '{}' }] },
  { role: 'tool', toolCallId: 'h1', content: 'earlier result', isError: false },
  { role: 'assistant', content: 'earlier answer' },
];

export interface DrivenRun {
  world: ScenarioWorld;
  events: RunEvent[];
  output: RunOutput;
  history: readonly Message[];
  /** The session as the store holds it after the Run. */
  stored: Message[];
  /** How many events had been published when the test cancelled; undefined when it never did. */
  cancelledAtEvent: number | undefined;
  /** Whether a session append was pending when the test cancelled. */
  cancelledDuringWrite: boolean;
  /** Provider requests made when the test cancelled. */
  providerCallsAtCancel: number;
  /** Events published after the terminal one, once every late tool was let go. */
  eventsAfterEnd: number;
}

const MAX_STEPS = 500;
// setImmediate is not faked (only setTimeout is): one macrotask lets every promise chain run.
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const isTerminal = (event: RunEvent | undefined) => event?.type === 'run.completed' || event?.type === 'run.failed' || event?.type === 'run.cancelled';

export async function driveScenario(scenario: Scenario): Promise<DrivenRun> {
  const world = new ScenarioWorld(scenario);
  const history = scenario.withHistory ? HISTORY : [];
  if (history.length > 0) await world.memory.append(SESSION_ID, history);
  const controller = new AbortController();
  let cancelledAtEvent: number | undefined;
  let cancelledDuringWrite = false;
  let providerCallsAtCancel = 0;
  if (scenario.cancel.at === 'beforeStart') {
    controller.abort('cancelled before the start');
    world.cancelled = true;
    cancelledAtEvent = 0;
  }

  const { events, cancel } = start(scenario, world, history, controller);
  for (let step = 0; !isTerminal(events.at(-1)); step++) {
    if (step === MAX_STEPS) throw new Error(`the Run is still going after ${MAX_STEPS} steps`);
    await settle();
    if (isTerminal(events.at(-1))) break;
    if (!world.cancelled && cancelDue(scenario, world, events)) {
      cancelledAtEvent = events.length;
      world.cancelled = true;
      cancelledDuringWrite = world.pendingWrite !== undefined;
      providerCallsAtCancel = world.provider.calls;
      cancel();
      continue;
    }
    const waiting = world.releasable();
    if (waiting.length > 0) {
      world.release(waiting[(scenario.releaseOrder[step] ?? 0) % waiting.length]!);
      continue;
    }
    if (world.pendingWrite) {
      world.pendingWrite.release();
      continue;
    }
    if (vi.getTimerCount() > 0) {
      await vi.advanceTimersToNextTimerAsync();
      continue;
    }
    throw new Error(`the Run is stuck: nothing to release, no timer, and no terminal event after ${events.map((e) => e.type).join(', ')}`);
  }

  const terminal = events.at(-1) as Extract<RunEvent, { output: RunOutput }>;
  const eventCount = events.length;
  // Tools abandoned after their grace finish now: whatever they return must change nothing.
  for (const id of world.waiting()) world.release(id);
  await settle();
  return {
    world,
    events: events.slice(0, eventCount),
    output: terminal.output,
    history,
    stored: await world.memory.load(SESSION_ID),
    cancelledAtEvent,
    cancelledDuringWrite,
    providerCallsAtCancel,
    eventsAfterEnd: events.length - eventCount,
  };
}

function start(scenario: Scenario, world: ScenarioWorld, history: readonly Message[], controller: AbortController) {
  const { limits } = scenario;
  if (scenario.entry === 'agent') {
    const agent = createAgent({ provider: world.provider, tools: world.tools, limits, sessionStore: world.store, now: tickingClock });
    const events: RunEvent[] = [];
    agent.stream('go', { sessionId: SESSION_ID, signal: controller.signal }).subscribe({
      next: (event) => events.push(event),
      error: (error: unknown) => world.problems.push(`the event stream failed: ${String(error)}`),
    });
    return { events, cancel: () => controller.abort('cancelled by the test') };
  }
  const run = startRun({
    provider: world.provider,
    tools: world.tools,
    input: 'go',
    history,
    session: { store: world.store, sessionId: SESSION_ID },
    limits,
    signal: controller.signal,
  });
  const cancel = scenario.cancelVia === 'send' ? () => run.actor.send({ type: 'CANCEL', reason: 'cancelled by the test' }) : () => controller.abort('cancelled by the test');
  return { events: run.events, cancel };
}

function cancelDue(scenario: Scenario, world: ScenarioWorld, events: readonly RunEvent[]): boolean {
  const plan = scenario.cancel;
  if (plan.at === 'providerRequest') return world.pendingRequest === plan.request;
  if (plan.at === 'sessionWrite') return world.pendingWrite?.index === plan.write;
  if (plan.at !== 'batch' || !world.batchWaiting(plan.batch)) return false;
  const started = events.filter((event) => event.type === 'tool.started' && event.iteration === plan.batch).length;
  return started >= plan.afterStarts;
}
