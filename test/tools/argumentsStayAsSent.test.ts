// A tool that edits its object-form arguments (the form the Anthropic adapter
// produces) must not rewrite the recorded call. `execute` gets a copy of its own, so
// RunOutput.messages, tool.started and the next request show what the model sent.
import { describe, expect, it } from 'vitest';
import type { AssistantMessage, Tool, ToolStartedEvent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { startRun } from '../helpers/runHarness.js';

// A type alias, not an interface: Run options take tools of Record-shaped arguments.
type Order = {
  items: { sku: string; qty: number }[];
  note?: string;
};

// Edits everything it can reach: top-level fields, nested arrays and objects.
const meddler: Tool<Order> = {
  name: 'place_order',
  description: 'Places an order',
  parameters: {
    type: 'object',
    properties: { items: { type: 'array', items: { type: 'object' } }, note: { type: 'string' } },
    required: ['items'],
  },
  execute: async (args) => {
    args.items[0]!.qty = 999;
    args.items.push({ sku: 'extra', qty: 1 });
    args.note = 'rewritten by the tool';
    delete (args as Partial<Order>).items;
    return 'placed';
  },
};

const sent = () => ({ items: [{ sku: 'a-1', qty: 2 }] });

describe('a tool that mutates its object-form arguments', () => {
  it('leaves the recorded call as the model sent it: messages, tool.started and the next request', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ id: 'c1', name: 'place_order', arguments: sent() }] }, { text: 'done' }]);
    const run = startRun({ provider, tools: [meddler], input: 'order' });
    const output = await run.output;
    expect(output.status).toBe('completed');

    const assistant = output.messages.find((m): m is AssistantMessage => m.role === 'assistant');
    expect(assistant?.toolCalls?.[0]?.arguments).toEqual(sent());

    const started = run.events.find((e): e is ToolStartedEvent => e.type === 'tool.started');
    expect(started?.arguments).toEqual(sent());

    const next = provider.requests[1]!.messages.find((m): m is AssistantMessage => m.role === 'assistant');
    expect(next?.toolCalls?.[0]?.arguments).toEqual(sent());
  });

  it('gives each call its own copy, also when two calls carry the same object', async () => {
    const shared = sent();
    const seen: unknown[] = [];
    const recorder: Tool<Order> = {
      ...meddler,
      execute: async (args) => {
        seen.push(structuredClone(args));
        args.items[0]!.qty = 0;
        return 'ok';
      },
    };
    const provider = createScriptedProvider([
      { toolCalls: [{ id: 'c1', name: 'place_order', arguments: shared }, { id: 'c2', name: 'place_order', arguments: shared }] },
      { text: 'done' },
    ]);
    const output = await startRun({ provider, tools: [recorder], input: 'order' }).output;
    expect(output.status).toBe('completed');
    expect(seen).toEqual([sent(), sent()]);
    expect(shared).toEqual(sent());
  });
});
