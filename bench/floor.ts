// A reference, not a subject: the least XState can do for a Run of tinyagent's shape. One
// machine per Run (waiting → executing → appending), one invoked promise actor per provider
// request, one spawned child machine per tool call (stopped when done), the bare loop's own
// work in the child (JSON.parse, a precompiled Ajv validator, execute) and nothing else: no
// events, limits, cut, session, cancellation grace or checks. What tinyagent costs above
// this is its own; what this costs is the price of the architecture on this machine.
import { Ajv } from 'ajv';
import { createActor, enqueueActions, fromPromise, setup, toPromise, type DoneActorEvent } from 'xstate';
import type { Message, Provider, ProviderResponse, Tool, ToolCallRequest, ToolContext } from '../src/index.js';

interface FloorContext {
  provider: Provider;
  messages: Message[];
  calls: ToolCallRequest[];
}

/** A runner of floor Runs for one tool. */
export function xstateFloor(tool: Tool<never>) {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(tool.parameters);
  const signal = new AbortController().signal;
  const execute = tool.execute as Tool['execute'];

  const toolCall = setup({ types: {} as { context: { call: ToolCallRequest; content: string }; input: ToolCallRequest } }).createMachine({
    context: ({ input }) => ({ call: input, content: '' }),
    initial: 'executing',
    states: {
      executing: {
        entry: ({ context, self }) => {
          const args: unknown = JSON.parse(context.call.arguments as string);
          if (!validate(args)) throw new Error('invalid arguments');
          const ctx: ToolContext = { runId: 'floor', callId: context.call.id, toolName: tool.name, iteration: 0, signal };
          void Promise.resolve(execute(args as Record<string, unknown>, ctx)).then((content) => self.send({ type: 'settled', content }));
        },
        on: { settled: 'done' },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => context.call.id,
  });

  const complete = fromPromise<ProviderResponse, FloorContext>(({ input, signal }) => input.provider.complete({ messages: input.messages.slice(), tools: [] }, { signal }));

  const run = setup({
    types: {} as { context: FloorContext; input: { provider: Provider; input: string } },
    actors: { complete, toolCall },
  }).createMachine({
    context: ({ input }) => ({ provider: input.provider, messages: [{ role: 'user', content: input.input }], calls: [] }),
    initial: 'waiting',
    states: {
      waiting: {
        invoke: {
          src: 'complete',
          input: ({ context }) => context,
          onDone: [
            { guard: ({ event }) => !event.output.toolCalls?.length, target: 'done' },
            {
              target: 'executing',
              actions: enqueueActions(({ context, event }) => {
                context.calls = event.output.toolCalls!;
                context.messages.push({ role: 'assistant', content: '', toolCalls: context.calls });
              }),
            },
          ],
        },
      },
      executing: {
        entry: enqueueActions(({ context, enqueue }) => enqueue.spawnChild('toolCall', { id: 'tool.0', input: context.calls[0]! })),
        on: {
          'xstate.done.actor.tool.*': {
            target: 'appending',
            actions: enqueueActions(({ context, event, enqueue }) => {
              context.messages.push({ role: 'tool', toolCallId: (event as DoneActorEvent<string>).output, content: 'done', isError: false });
              enqueue.stopChild('tool.0');
            }),
          },
        },
      },
      appending: { always: 'waiting' },
      done: { type: 'final' },
    },
  });

  return (provider: Provider, input: string) => toPromise(createActor(run, { input: { provider, input } }).start());
}
