// A Run's environment (provider, tools, store, clock) reaches the machines through XState's own
// seams: `machine.provide` binds it, `input` carries the data. The bare `runMachine` has none, and
// says so: `createActor(runMachine)` fails at start with a ConfigurationError naming what is missing.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorRef } from 'xstate';
import { provideRunEnvironment } from '../../machines/run.machine.js';
import { ConfigurationError, resolveLimits, runMachine, ToolRegistry } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

/** Starts `actor` and returns the error it failed with (an observer, so XState reports it to us). */
function errorAtStart(actor: AnyActorRef): unknown {
  let failure: unknown;
  actor.subscribe({ error: (error) => (failure = error) });
  actor.start();
  return failure;
}

const input = { runId: 'r1', limits: resolveLimits({}), input: 'Hi' };

describe('the bare runMachine', () => {
  it('without input fails at start with a ConfigurationError that asks for it', () => {
    // As an application would write it, skipping the input its types ask for.
    const failure = errorAtStart(createActor(runMachine as Parameters<typeof createActor>[0]));
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect((failure as ConfigurationError).code).toBe('invalid_option');
    expect((failure as Error).message).toMatch(/needs its input/);
  });

  it('with input but no environment fails at start with a ConfigurationError that names the environment', () => {
    const actor = createActor(runMachine, { input });
    const failure = errorAtStart(actor);
    expect(failure).toBeInstanceOf(ConfigurationError);
    expect((failure as Error).message).toMatch(/no environment \(provider, tools, session store, clock\)/);
    expect((failure as Error).message).toMatch(/provideRunEnvironment/);
    expect(actor.getSnapshot().status).toBe('error');
  });
});

describe('provideRunEnvironment', () => {
  it('binds provider, tools and clock with machine.provide: a plain createActor then runs a whole Run', async () => {
    const provider = createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'x' })] }, { text: 'done' }]);
    const machine = provideRunEnvironment({
      provider,
      tools: new ToolRegistry([echoTool()]).snapshot(),
      store: undefined,
      now: () => 7,
      instructions: undefined,
      approve: undefined,
      withoutApprover: 'wait',
    });
    expect(machine).not.toBe(runMachine);
    const times: number[] = [];
    const actor = createActor(machine, { input });
    actor.on('*', (event) => times.push(event.time));
    actor.start();
    const output = await toPromise(actor);
    expect(output.status).toBe('completed');
    expect(output.messages.find((m) => m.role === 'tool')?.content).toBe('x');
    expect(new Set(times)).toEqual(new Set([7]));
  });
});
