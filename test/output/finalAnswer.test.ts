// Typed final output in mode 'tool' (docs/output.md): the answer is a `final_answer` call
// validated like any call's arguments; a refused answer goes back as its error result up to
// maxOutputRetries, then `output_invalid`; the iteration limit leads to a last turn with only
// final_answer offered (the state requestingFinalAnswer), `output_missing` when it gives none;
// calls beside final_answer run, then the answer is taken.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { toPromise } from 'xstate';
import { z } from 'zod';
import {
  ConfigurationError,
  createAgent,
  createRunActor,
  MemorySessionStore,
  RunError,
  type ProviderRequest,
  type RunOutput,
} from '../../src/index.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';
import { createScriptedProvider } from '../../src/testing.js';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'integer' } },
  required: ['city', 'population'],
  additionalProperties: false,
} as const;

const answer = (id: string, args: unknown) => ({ text: '', toolCalls: [call(id, 'final_answer', args)] });
const offered = (request: ProviderRequest) => request.tools.map((tool) => tool.name);
const toolCodes = (output: RunOutput) => output.messages.flatMap((m) => (m.role === 'tool' ? [`${m.toolCallId}:${m.code ?? 'ok'}`] : []));

describe('output in mode tool', () => {
  it('a valid answer at once completes the Run with the typed value', async () => {
    const provider = createScriptedProvider([answer('a1', { city: 'Paris', population: 2_100_000 })]);
    const agent = createAgent({ provider, tools: [echoTool()], output: schema });
    const output = await agent.run('Which city?');
    expectTypeOf(output.output).toEqualTypeOf<{ city: string; population: number } | undefined>();
    expect(output.status).toBe('completed');
    expect(output.output).toEqual({ city: 'Paris', population: 2_100_000 });
    expect(offered(provider.requests[0]!)).toEqual(['echo', 'final_answer']);
    expect(provider.requests[0]!.tools.at(-1)!.parameters).toMatchObject({ required: ['city', 'population'] });
    expectSessionInvariant(output.messages);
  });

  it('a refused answer goes back with its issues; the second one is taken', async () => {
    const provider = createScriptedProvider([answer('a1', { city: 'Paris' }), answer('a2', { city: 'Paris', population: 2 })]);
    const output = await createAgent({ provider, output: schema }).run('Which city?');
    expect(output.output).toEqual({ city: 'Paris', population: 2 });
    expect(toolCodes(output)).toEqual(['a1:invalid_arguments', 'a2:ok']);
    const refused = provider.requests[1]!.messages.at(-1)!;
    expect(refused.role === 'tool' && refused.content).toContain('population');
  });

  it('answers refused more than maxOutputRetries times fail the Run with output_invalid', async () => {
    const provider = createScriptedProvider([answer('a1', {}), answer('a2', {}), answer('a3', {}), { text: 'never asked' }]);
    const sessionStore = new MemorySessionStore();
    const agent = createAgent({ provider, output: schema, sessionStore });
    const error = (await agent.run('Which city?', { sessionId: 's' }).catch((thrown: unknown) => thrown)) as RunError;
    expect(error).toBeInstanceOf(RunError);
    expect(error.code).toBe('output_invalid');
    expect(error.message).toContain('3 attempts (maxOutputRetries 2)');
    expect(provider.calls).toBe(3);
    expectSessionInvariant(await sessionStore.load('s'));
    const once = createScriptedProvider([answer('a1', {}), answer('a2', {})]);
    const strict = await createAgent({ provider: once, output: schema, maxOutputRetries: 0 }).run('x').catch((thrown: unknown) => thrown);
    expect((strict as RunError).code).toBe('output_invalid');
    expect(once.calls).toBe(1);
  });

  it('calls beside final_answer run first, then the answer is taken', async () => {
    const executed: string[] = [];
    const provider = createScriptedProvider([
      { text: 'Here', toolCalls: [call('e1', 'echo', { text: 'side' }), call('a1', 'final_answer', { city: 'Rome', population: 3 })] },
      { text: 'never asked' },
    ]);
    const tools = [echoTool({ execute: async ({ text }) => (executed.push(String(text)), String(text)) })];
    const output = await createAgent({ provider, tools, output: schema }).run('go');
    expect(executed).toEqual(['side']);
    expect(output.output).toEqual({ city: 'Rome', population: 3 });
    expect(output.text).toBe('Here');
    expect(toolCodes(output)).toEqual(['e1:ok', 'a1:ok']);
    expect(provider.calls).toBe(1);
  });

  it('the iteration limit reached mid-loop still yields the output, from a last turn offering only final_answer', async () => {
    const executed: string[] = [];
    const provider = createScriptedProvider([
      { text: '', toolCalls: [call('e1', 'echo', { text: 'one' })] },
      { text: '', toolCalls: [call('e2', 'echo', { text: 'two' })] },
      answer('a1', { city: 'Oslo', population: 1 }),
    ]);
    const tools = [echoTool({ execute: async ({ text }) => (executed.push(String(text)), String(text)) })];
    const agent = createAgent({ provider, tools, output: schema, limits: { maxIterations: 2 } });
    const events: string[] = [];
    const output = await new Promise<RunOutput>((resolve, reject) =>
      agent.stream('go').subscribe({
        next: (event) => {
          events.push(event.type);
          if (event.type === 'run.completed') resolve(event.output as RunOutput);
        },
        error: reject,
      }),
    );
    expect(output.status).toBe('completed');
    expect(output.output).toEqual({ city: 'Oslo', population: 1 });
    expect(executed).toEqual(['one', 'two']);
    expect(provider.requests.map(offered)).toEqual([['echo', 'final_answer'], ['echo', 'final_answer'], ['final_answer']]);
    expect(output.iterations).toBe(2);
    expect(toolCodes(output)).toEqual(['e1:ok', 'e2:ok', 'a1:ok']);
  });

  it('a last turn that calls another tool is output_missing; that call never runs', async () => {
    const executed: string[] = [];
    const provider = createScriptedProvider([
      { text: '', toolCalls: [call('e1', 'echo', { text: 'one' })] },
      { text: '', toolCalls: [call('e2', 'echo', { text: 'two' })] },
    ]);
    const tools = [echoTool({ execute: async ({ text }) => (executed.push(String(text)), String(text)) })];
    const error = (await createAgent({ provider, tools, output: schema, limits: { maxIterations: 1 } })
      .run('go')
      .catch((thrown: unknown) => thrown)) as RunError;
    expect(error.code).toBe('output_missing');
    expect(executed).toEqual(['one']);
    expect(toolCodes(error.output!)).toEqual(['e1:ok', 'e2:tool_iteration_limit']);
    expectSessionInvariant(error.output!.messages);
  });

  it('a text answer leads to the last turn; a text answer there is output_missing', async () => {
    const provider = createScriptedProvider([{ text: 'Paris, I think' }, { text: 'Still Paris' }]);
    const error = (await createAgent({ provider, output: schema }).run('go').catch((thrown: unknown) => thrown)) as RunError;
    expect(error.code).toBe('output_missing');
    expect(provider.requests.map(offered)).toEqual([['final_answer'], ['final_answer']]);
    expect(error.output!.text).toBe('Still Paris');
  });

  it('a refused answer in the last turn is retried there', async () => {
    const provider = createScriptedProvider([answer('a1', { city: 1 }), answer('a2', { city: 'Paris', population: 1 })]);
    const output = await createAgent({ provider, output: schema, limits: { maxIterations: 0 } }).run('go');
    expect(output.output).toEqual({ city: 'Paris', population: 1 });
    expect(provider.requests.map(offered)).toEqual([['final_answer'], ['final_answer']]);
    expect(toolCodes(output)).toEqual(['a1:invalid_arguments', 'a2:ok']);
  });

  it('a Standard Schema types the output and its parse makes the value', async () => {
    const city = z.object({ city: z.string().transform((name) => name.toUpperCase()) });
    const provider = createScriptedProvider([answer('a1', { city: 'lima' })]);
    const output = await createAgent({ provider }).run('go', { output: city });
    expectTypeOf(output.output).toEqualTypeOf<{ city: string } | undefined>();
    expect(output.output).toEqual({ city: 'LIMA' });
  });

  it('an invalid schema, a bad mode or a tool named final_answer is a ConfigurationError at once', async () => {
    const provider = createScriptedProvider([]);
    expect(() => createAgent({ provider, output: { type: 'object', properties: { a: { type: 'nope' } } } as never })).toThrow(ConfigurationError);
    expect(() => createAgent({ provider, output: { type: 'string' } as never })).toThrow(/output is not a schema/);
    expect(() => createAgent({ provider, output: schema, outputMode: 'json' as never })).toThrow(/outputMode/);
    expect(() => createAgent({ provider, output: schema, maxOutputRetries: -1 })).toThrow(/maxOutputRetries/);
    const named = createAgent({ provider, output: schema, tools: [echoTool({ name: 'final_answer' })] });
    await expect(named.run('go')).rejects.toThrow(/a tool named "final_answer" is registered/);
  });
});

describe('a Run with output restored from its snapshot', () => {
  it('needs its schema again, and goes on to take the answer', async () => {
    const gate = new Promise<never>(() => {});
    const provider = createScriptedProvider([() => gate]);
    const first = createRunActor({ provider, tools: [], input: 'go', output: schema });
    first.start();
    const snapshot = JSON.parse(JSON.stringify(first.getPersistedSnapshot()));
    first.stop();
    expect(snapshot.context.answer).toEqual({ mode: 'tool', maxRetries: 2 });
    expect(() => createRunActor({ provider, tools: [], input: 'go', snapshot })).toThrow(ConfigurationError);
    const again = createScriptedProvider([answer('a1', { city: 'Bern', population: 1 })]);
    const restored = createRunActor({ provider: again, tools: [], input: 'go', snapshot, output: schema });
    restored.start();
    const output = await toPromise(restored);
    expect(output.output).toEqual({ city: 'Bern', population: 1 });
  });
});
