// Replays a generated Run path against the real runtime: a real ToolRegistry and validation,
// the scripted provider, a session store, tools and provider answers held by gates the replay
// releases, CANCEL sent by hand. Its inspector (segments.ts) cuts what the Run actor does into
// one segment per event it processes, to compare with the model step it should match.
import { vi } from 'vitest';
import type { Snapshot, SnapshotFrom, StateValue } from 'xstate';
import type { runMachine } from '../../machines/run.machine.js';
import { provideRunEnvironment } from '../../machines/run.machine.js';
import { createRunActorWith, type CreateRunActorOptions } from '../../src/run/createRunActor.js';
import {
  runEvents,
  ToolRegistry,
  type Message,
  type ProviderCallOptions,
  type ProviderResponse,
  type RunActor,
  type RunEvent,
  type SessionLease,
  type SessionStore,
  type ToolContext,
  type ToolResult,
} from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred, flush, type Deferred } from '../helpers/deferred.js';
import { resolvedLimits, resumePointOf, type MachineChange, type RunPath, type RunStimulus } from './runModel.js';
import { segmentInspector } from './segments.js';
import { malformedReply, modelOutputSchema, modelTools, replies, runModelPermissions, toolReturn } from './runPayloads.js';

/** What the Run actor did while processing one event. */
export interface Segment {
  eventType: string;
  value: StateValue;
  status: string;
  fired: string[];
  /** How many RunEvents had been published when the segment ended. */
  eventCount: number;
  /** The Run's messages at the end of the segment. */
  messages: Message[];
}

/** Polls the runtime (microtasks first, then a macrotask) until `ready`; fails after a bounded wait. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let round = 0; round < 50 && !ready(); round++) {
    await flush(20);
    if (!ready()) await new Promise((resolve) => setImmediate(resolve));
  }
  if (!ready()) throw new Error(`Replay stalled waiting for ${what}`);
}

export class RunReplay {
  actor: RunActor;
  readonly events: RunEvent[] = [];
  readonly segments: Segment[] = [];
  readonly persisted: Message[] = [];
  /** Calls that reached `execute`, with the step being replayed when they did. */
  readonly executions: { callId: string; step: number }[] = [];
  /** The step being replayed. */
  step = 0;
  private readonly providerCalls: { reply: Deferred<ProviderResponse>; options: ProviderCallOptions }[] = [];
  private readonly toolCalls = new Map<string, { gate: Deferred<ToolResult | string>; ctx: ToolContext }>();
  private readonly writes: Deferred<void>[] = [];
  /** A durable session's pending records of a call's start, and of the Run's end. */
  private readonly starts: Deferred<void>[] = [];
  private readonly finishes: Deferred<void>[] = [];
  private answered = 0;
  private skipNextSegment = false;
  private readonly provider;
  private readonly tools;
  private readonly store;
  private clock = 0;
  private clockFails = false;
  private readonly inspect = segmentInspector((end, fired) => {
    if (this.skipNextSegment) {
      this.skipNextSegment = false;
      return;
    }
    const snapshot = end.snapshot as SnapshotFrom<typeof runMachine>;
    this.segments.push({
      eventType: end.event.type,
      value: snapshot.value,
      status: snapshot.status,
      fired,
      eventCount: this.events.length,
      messages: snapshot.context.messages.slice(),
    });
  });

  constructor(
    private readonly path: RunPath,
    private readonly change: MachineChange = (machine) => machine,
  ) {
    const { set } = path;
    const tools = (this.tools = new ToolRegistry(modelTools((_args, ctx) => this.execute(ctx))));
    const provider = (this.provider = createScriptedProvider((_request, _index, options) => {
      const reply = deferred<ProviderResponse>();
      this.providerCalls.push({ reply, options });
      return reply.promise;
    }));
    const append = async (messages: readonly Message[]) => {
      const write = deferred();
      this.writes.push(write);
      await write.promise;
      this.persisted.push(...messages);
    };
    const gated = async (pending: Deferred<void>[]) => {
      const record = deferred();
      pending.push(record);
      await record.promise;
    };
    // A durable store's lease, every write held by a gate like the plain store's appends.
    const lease: SessionLease = {
      sessionId: 'replay',
      runId: 'run-replay',
      leaseId: 'replay-lease',
      repaired: [],
      length: 0,
      append: (messages) => append(messages),
      recordCallStarted: () => gated(this.starts),
      recordCheckpoint: async () => undefined,
      finish: () => gated(this.finishes),
      release: async () => undefined,
    };
    const plain: SessionStore = { load: async () => this.persisted.slice(), append: (_sessionId, messages) => append(messages) };
    const store = (this.store = set.durable ? { ...plain, acquire: async () => lease, loadRunState: async () => undefined } : plain);
    if (set.resume) this.persisted.push(...resumePointOf(set.resume).messages);
    const controller = new AbortController();
    if (set.aborted) controller.abort(new Error('aborted before the start'));
    this.actor = this.create({
      provider,
      tools,
      input: 'Do the thing.',
      history: [],
      session: set.session || set.durable ? { store, sessionId: 'replay' } : undefined,
      limits: resolvedLimits(set),
      ...(set.output ? { output: modelOutputSchema, ...set.output } : {}),
      signal: set.aborted ? controller.signal : undefined,
      inspect: this.inspect,
      now: () => this.now(),
      runId: 'run-replay',
    });
    runEvents(this.actor).subscribe((event) => this.events.push(event));
  }

  /** A Run actor of the (possibly changed) machine. */
  private create(options: CreateRunActorOptions): RunActor {
    const resume = this.path.set.resume && options.snapshot === undefined ? resumePointOf(this.path.set.resume) : undefined;
    return createRunActorWith((environment) => this.change(provideRunEnvironment(environment)), { ...options, permissions: runModelPermissions }, { resume });
  }

  /** The Run's clock; armed by a `crash` step so that the next reading throws inside a ToolCall actor. */
  private now(): number {
    if (this.clockFails) {
      this.clockFails = false;
      throw new Error('clock failed');
    }
    return ++this.clock;
  }

  private execute(ctx: ToolContext): Promise<ToolResult | string> {
    const gate = deferred<ToolResult | string>();
    this.executions.push({ callId: ctx.callId, step: this.step });
    this.toolCalls.set(ctx.callId, { gate, ctx });
    return gate.promise;
  }

  /** Makes the real runtime produce the step's event. */
  async apply(stimulus: RunStimulus): Promise<void> {
    const limits = resolvedLimits(this.path.set);
    switch (stimulus.kind) {
      case 'start':
        this.actor.start();
        return;
      case 'cancel':
        this.actor.send({ type: 'CANCEL' });
        return;
      case 'none':
        return;
      case 'answer':
        this.actor.send(stimulus.approved ? { type: 'APPROVE', callId: stimulus.callId } : { type: 'DENY', callId: stimulus.callId, reason: 'no' });
        return;
      case 'subagentEvent':
        this.actor.send({ type: 'subagent.event', event: stimulus.event });
        return;
      case 'restore':
        this.restore();
        return;
      case 'reply':
        (await this.pendingProvider()).reply.resolve(replies[stimulus.reply](stimulus.batch));
        return;
      case 'providerFailure': {
        const { reply } = await this.pendingProvider();
        if (stimulus.failure === 'throws') reply.reject(new Error('provider unavailable'));
        else reply.resolve(malformedReply);
        return;
      }
      case 'textDelta': {
        const { options } = await this.pendingProvider(false);
        options.onTextDelta?.(stimulus.delta);
        return;
      }
      case 'startRecord': {
        await until(() => this.starts.length > 0, "a call's start record");
        const record = this.starts.shift()!;
        if (stimulus.ok) record.resolve();
        else record.reject(new Error('disk full'));
        return;
      }
      case 'sessionFinish':
        await until(() => this.finishes.length > 0, "the Run's end record");
        this.finishes.shift()!.resolve();
        return;
      case 'sessionWrite': {
        await until(() => this.writes.length > 0, 'a session write');
        const write = this.writes.shift()!;
        if (stimulus.ok) write.resolve();
        else write.reject(new Error('disk full'));
        return;
      }
      case 'tool': {
        if (stimulus.outcome === 'abandoned') {
          await vi.advanceTimersByTimeAsync(limits.cancelGraceMs);
          return;
        }
        await until(() => this.toolCalls.has(stimulus.callId), `tool call ${stimulus.callId} to start`);
        const { gate } = this.toolCalls.get(stimulus.callId)!;
        if (stimulus.outcome === 'crash') this.clockFails = true;
        if (stimulus.outcome === 'crash' || stimulus.outcome === 'stopped') {
          gate.resolve('finished anyway');
          return;
        }
        const returned = toolReturn(stimulus.outcome, stimulus.callId, limits);
        if ('error' in returned) gate.reject(returned.error);
        else gate.resolve(returned.value);
      }
    }
  }

  /** Continues the Run in a new actor from its persisted snapshot, through JSON; the old one is dropped. */
  private restore(): void {
    const saved = JSON.parse(JSON.stringify(this.actor.getPersistedSnapshot())) as Snapshot<unknown>;
    // The old actor is dropped, not stopped, as a process that died would leave it.
    // Writes and provider requests in flight in the old actor never land; the restored Run
    // writes again and asks again.
    this.writes.length = 0;
    this.starts.length = 0;
    this.finishes.length = 0;
    this.answered = this.providerCalls.length;
    this.skipNextSegment = true;
    this.actor = this.create({
      provider: this.provider,
      tools: this.tools,
      input: '',
      session: this.path.set.session || this.path.set.durable ? { store: this.store, sessionId: 'replay' } : undefined,
      inspect: this.inspect,
      now: () => this.now(),
      ...(this.path.set.output ? { output: modelOutputSchema, ...this.path.set.output } : {}),
      snapshot: saved,
    });
    runEvents(this.actor).subscribe((event) => this.events.push(event));
    this.actor.start();
  }

  /** The provider request waiting for its answer; `answer` marks it answered. */
  private async pendingProvider(answer = true) {
    await until(() => this.providerCalls.length > this.answered, 'a provider request');
    const pending = this.providerCalls[this.answered]!;
    if (answer) this.answered++;
    return pending;
  }

  /** The segment of the `index`-th event the Run processed (0 is its start). */
  async segment(index: number): Promise<Segment> {
    await until(() => this.segments.length > index, `the Run to process event #${index}`);
    return this.segments[index]!;
  }

  /** Waits for the Run to end (it must: the path ended in a final state). */
  async output() {
    await until(() => this.actor.getSnapshot().status !== 'active', 'the Run to end');
    return this.actor.getSnapshot().output!;
  }

  dispose(): void {
    if (this.actor.getSnapshot().status === 'active') this.actor.stop();
  }
}
