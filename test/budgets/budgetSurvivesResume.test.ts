// What a Run spent is in its session's checkpoints, so a Run resumed from the session (another
// process, or after actor.stop()) goes on from those figures: a budget half used before the stop
// is not fresh again after it.
import { describe, expect, it } from 'vitest';
import { createAgent, createRunActor, MemorySessionStore, type Tool, type ToolContext } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred, flush } from '../helpers/deferred.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';

const usage = { inputTokens: 10, outputTokens: 10, totalTokens: 20 };
// Asks for one call per response, forever: only a budget ends the Run.
const script = () => createScriptedProvider((request) => ({ toolCalls: [call(`c${request.messages.length}`, 'put', { key: 'k' })], usage }));

function tools() {
  const started = deferred();
  let attempts = 0;
  const put: Tool = {
    name: 'put',
    description: 'Stores a value',
    parameters: { type: 'object', properties: { key: { type: 'string' } } },
    effects: 'idempotent',
    execute: (_args, _ctx: ToolContext) => {
      attempts++;
      if (attempts > 1) return Promise.resolve('put');
      started.resolve();
      return new Promise<string>(() => {});
    },
  };
  return { put, started: started.promise, attempts: () => attempts };
}

describe('budgets across a resume', () => {
  it('the resumed Run counts what the stopped one spent', async () => {
    const store = new MemorySessionStore();
    const { put, started } = tools();
    // 2 tool calls and 40 total tokens at most: the stopped Run spent 1 call and 20 tokens.
    const limits = { maxIterations: 10, maxToolCalls: 2, maxTotalTokens: 45 };
    const actor = createRunActor({ provider: script(), tools: [put], input: 'store', history: [], session: { store, sessionId: 's' }, runId: 'run-1', limits });
    actor.start();
    await started;
    actor.stop();
    await flush();

    const agent = createAgent({ provider: script(), tools: [put], sessionStore: store, limits });
    const error = (await agent.resume('s').catch((thrown: unknown) => thrown)) as {
      code: string;
      output: { spent: { totalTokens: number }; usage: { totalTokens: number } };
    };
    expect(error).toMatchObject({ code: 'budget_exceeded' });
    // The first response's 20 tokens count: the resumed Run passes 45 with its second response
    // (spent 60, as the whole Run's usage says), not its third (fresh figures: 60 spent, 80 used).
    expect(error.output.spent.totalTokens).toBe(60);
    expect(error.output.usage.totalTokens).toBe(60);
    expectSessionInvariant(await store.load('s'));
  });
});
