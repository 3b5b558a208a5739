// A reference, not a subject: the least XState can do for a Run of tinyagent's shape. One
// machine per Run (waiting → executing → appending), a provider actor, one child actor per
// tool call, the bare loop's own work in the child (JSON.parse, a precompiled Ajv validator,
// execute) and nothing else: no events, limits, cut, session, cancellation grace or checks.
// The context is replaced, never mutated; the conversation is an append-only log beside it.
// What tinyagent costs above this is its own; what this costs is the price of the
// architecture on this machine. The variants (FloorShape) show which XState usage is cheap.
import { Ajv } from 'ajv';
import { assign, createActor, enqueueActions, fromCallback, fromPromise, setup, toPromise, type AnyActorLogic, type DoneActorEvent } from 'xstate';
import type { Message, Provider, ProviderResponse, Tool, ToolCallRequest, ToolContext } from '../src/index.js';

/** How the floor uses XState; each field is one choice the Run machine could make. */
export interface FloorShape {
  /** A child machine per call (executing → done), or a promise actor per call. */
  child: 'machine' | 'promise';
  /**
   * `each`: the Run spawns each call with its own action and stops each finished child (each
   * spawn and stop copies the Run's children table: O(n²) in a batch). `batch`: the Run
   * spawns one batch actor per response; it spawns its calls in one `assign` and is stopped
   * as a whole. `tree`: as `batch`, but a batch of more than `fanout` calls spawns batches
   * of at most `fanout` calls, so no actor ever has more than `fanout` children.
   */
  stop: 'each' | 'batch' | 'tree';
  /** A promise actor invoked per request, or one callback actor per Run taking request events. */
  provider: 'invoke' | 'actor';
  fanout?: number;
}

/** The shape tinyagent had before the performance work, and the reference rows' default. */
export const FLOOR_BASELINE: FloorShape = { child: 'machine', stop: 'each', provider: 'invoke' };

interface FloorInput {
  provider: Provider;
  log: Message[];
}
interface FloorContext extends FloorInput {
  calls: readonly ToolCallRequest[];
  settled: number;
}
type Settled = DoneActorEvent<readonly string[]>;

/** A runner of floor Runs for one tool, in the given shape. */
export function xstateFloor(tool: Tool<never>, shape: FloorShape = FLOOR_BASELINE) {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(tool.parameters);
  const signal = new AbortController().signal;
  const execute = tool.execute as Tool['execute'];
  const fanout = shape.fanout ?? 32;

  const runTool = (call: ToolCallRequest): Promise<string> => {
    const args: unknown = JSON.parse(call.arguments as string);
    if (!validate(args)) throw new Error('invalid arguments');
    const ctx: ToolContext = { runId: 'floor', callId: call.id, toolName: tool.name, iteration: 0, signal, idempotencyKey: call.id };
    return Promise.resolve(execute(args as Record<string, unknown>, ctx)).then((content) => (typeof content === 'string' ? content : content.content));
  };

  const callMachine = setup({ types: {} as { context: { call: ToolCallRequest; content: string }; input: ToolCallRequest; events: { type: 'settled'; content: string } } }).createMachine({
    context: ({ input }) => ({ call: input, content: '' }),
    initial: 'executing',
    states: {
      executing: {
        entry: ({ context, self }) => void runTool(context.call).then((content) => self.send({ type: 'settled', content })),
        on: { settled: { target: 'done', actions: assign({ content: ({ event }) => event.content }) } },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => [context.content],
  });
  const callPromise = fromPromise<readonly string[], ToolCallRequest>(({ input }) => runTool(input).then((content) => [content]));
  const toolCall: AnyActorLogic = shape.child === 'machine' ? callMachine : callPromise;

  // A batch: spawns its children in one assign, collects their outputs by index, ends.
  type BatchContext = { calls: readonly ToolCallRequest[]; results: readonly (readonly string[] | undefined)[]; settled: number; parts: number };
  // eslint-disable-next-line prefer-const -- the batch machine spawns itself in `tree`
  let batchLogic: AnyActorLogic;
  const batchMachine = setup({
    types: {} as { context: BatchContext; input: readonly ToolCallRequest[] },
    actors: { toolCall },
    actions: {
      record: assign(({ context, event }) => {
        const results = context.results.slice();
        results[Number((event as Settled).actorId)] = (event as Settled).output;
        return { results, settled: context.settled + 1 };
      }),
    },
  }).createMachine({
    id: 'batch',
    context: ({ input }) => ({ calls: input, results: [], settled: 0, parts: 0 }),
    initial: 'running',
    states: {
      running: {
        entry: assign(({ context, spawn }) => {
          const { calls } = context;
          if (shape.stop !== 'tree' || calls.length <= fanout) {
            for (let i = 0; i < calls.length; i++) spawn('toolCall', { id: String(i), input: calls[i]! });
            return { parts: calls.length };
          }
          const size = Math.ceil(calls.length / fanout);
          let parts = 0;
          const spawnBatch = spawn as unknown as (logic: AnyActorLogic, options: { id: string; input: readonly ToolCallRequest[] }) => void;
          for (let start = 0; start < calls.length; start += size) spawnBatch(batchLogic, { id: String(parts++), input: calls.slice(start, start + size) });
          return { parts };
        }),
        on: {
          'xstate.done.actor.*': [
            { guard: ({ context }) => context.settled + 1 === context.parts, target: 'done', actions: 'record' },
            { actions: 'record' },
          ],
        },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => context.results.flatMap((r) => r ?? []),
  });
  batchLogic = batchMachine;

  const complete = fromPromise<ProviderResponse, FloorInput>(({ input, signal }) => input.provider.complete({ messages: input.log.slice(), tools: [] }, { signal }));
  const providerActor = fromCallback<{ type: 'request' }, FloorInput>(({ input, sendBack, receive }) => {
    const { signal: aborted, abort } = new AbortController();
    receive(() => void input.provider.complete({ messages: input.log.slice(), tools: [] }, { signal: aborted }).then((output) => sendBack({ type: 'response', output })));
    return () => abort();
  });

  const append = (context: FloorContext, results: readonly string[]) => {
    for (let i = 0; i < results.length; i++) context.log.push({ role: 'tool', toolCallId: context.calls[i]!.id, content: results[i]!, isError: false });
  };
  const responded = (context: FloorContext, response: ProviderResponse) => {
    const calls = response.toolCalls ?? [];
    context.log.push({ role: 'assistant', content: response.text ?? '', toolCalls: calls });
    return { calls, settled: 0 };
  };
  const hasCalls = ({ event }: { event: unknown }) => ((event as { output: ProviderResponse }).output.toolCalls?.length ?? 0) > 0;
  const onResponse = [
    { guard: hasCalls, target: 'executing', actions: assign(({ context, event }: { context: FloorContext; event: unknown }) => responded(context, (event as { output: ProviderResponse }).output)) },
    { target: 'done' },
  ];

  const executing =
    shape.stop === 'each'
      ? {
          entry: enqueueActions(({ context, enqueue }: { context: FloorContext; enqueue: { spawnChild: (src: 'toolCall', options: { id: string; input: ToolCallRequest }) => void } }) => {
            for (let i = 0; i < context.calls.length; i++) enqueue.spawnChild('toolCall', { id: String(i), input: context.calls[i]! });
          }),
          on: {
            'xstate.done.actor.*': {
              actions: enqueueActions(({ context, event, enqueue }) => {
                const done = event as Settled;
                const index = Number(done.actorId);
                context.log.push({ role: 'tool', toolCallId: context.calls[index]!.id, content: done.output[0]!, isError: false });
                enqueue.assign({ settled: context.settled + 1 });
                enqueue.stopChild(done.actorId);
                if (context.settled + 1 === context.calls.length) enqueue.raise({ type: 'batch.done' });
              }),
            },
            'batch.done': 'appending',
          },
        }
      : {
          entry: enqueueActions(({ context, enqueue }) => enqueue.spawnChild('batch', { id: 'batch', input: context.calls })),
          on: {
            'xstate.done.actor.batch': {
              target: 'appending',
              actions: enqueueActions(({ context, event, enqueue }) => {
                append(context as FloorContext, (event as Settled).output);
                enqueue.stopChild('batch');
              }),
            },
          },
        };

  const run = setup({
    types: {} as { context: FloorContext; input: FloorInput },
    actors: { complete, providerActor, toolCall, batch: batchMachine },
  }).createMachine({
    context: ({ input }: { input: FloorInput }) => ({ ...input, calls: [], settled: 0 }),
    entry: shape.provider === 'actor' ? enqueueActions(({ context, enqueue }: { context: FloorContext; enqueue: { spawnChild: (src: string, options: object) => void } }) => enqueue.spawnChild('providerActor', { id: 'provider', input: { provider: context.provider, log: context.log } })) : undefined,
    initial: 'waiting',
    states: {
      waiting:
        shape.provider === 'invoke'
          ? { invoke: { src: 'complete', input: ({ context }: { context: FloorContext }) => context, onDone: onResponse } }
          : { entry: enqueueActions(({ enqueue }) => enqueue.sendTo('provider', { type: 'request' })), on: { response: onResponse } },
      executing,
      appending: { always: 'waiting' },
      done: { type: 'final' },
    },
  } as never);

  return (provider: Provider, input: string) => toPromise(createActor(run, { input: { provider, log: [{ role: 'user', content: input }] } }).start());
}
