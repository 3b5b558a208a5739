// Tools the tests share.
import type { Tool, ToolContext } from '../../src/index.js';
import { deferred, type Deferred } from './deferred.js';

/** Returns its `text` argument. */
export function echoTool(overrides: Partial<Tool> = {}): Tool<{ text: string }> {
  return {
    name: 'echo',
    description: 'Echo the text back',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    execute: async ({ text }) => text,
    ...(overrides as Partial<Tool<{ text: string }>>),
  };
}

/** A tool whose calls wait until the test releases them; records starts and signals. */
export interface GatedTool extends Tool<{ id: string }> {
  readonly started: string[];
  readonly contexts: Map<string, ToolContext>;
  gate(id: string): Deferred<string>;
  /** Resolves once `count` calls have started. */
  waitForStarts(count: number): Promise<void>;
}

export function gatedTool(options: { name?: string; parallelSafe?: boolean; honourSignal?: boolean } = {}): GatedTool {
  const gates = new Map<string, Deferred<string>>();
  const started: string[] = [];
  const contexts = new Map<string, ToolContext>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const gate = (id: string) => {
    let g = gates.get(id);
    if (!g) gates.set(id, (g = deferred<string>()));
    return g;
  };
  return {
    name: options.name ?? 'gated',
    description: 'Waits until the test releases it',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    readOnly: options.parallelSafe ?? false,
    concurrencySafe: options.parallelSafe ?? false,
    started,
    contexts,
    gate,
    waitForStarts(count) {
      if (started.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async execute({ id }, ctx) {
      started.push(id);
      contexts.set(id, ctx);
      for (const waiter of waiters.filter((w) => started.length >= w.count)) waiter.resolve();
      const g = gate(id);
      if (options.honourSignal !== false) {
        ctx.signal.addEventListener('abort', () => g.reject(ctx.signal.reason), { once: true });
      }
      return g.promise;
    },
  };
}
