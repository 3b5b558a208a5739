// A cancelled Run's RunError carries the abort reason as its cause.
import { describe, expect, it } from 'vitest';
import { createAgent, RunError } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';

describe('agent.run cancelled by its signal', () => {
  it.each([new Error('user pressed stop'), 'timeout', undefined])('rejects with the abort reason %s as the RunError cause', async (reason) => {
    const agent = createAgent({ provider: createScriptedProvider([() => new Promise(() => {})]) });
    const controller = new AbortController();
    const pending = agent.run('go', { signal: controller.signal });
    await flush();
    controller.abort(reason);
    const error = (await pending.catch((e: unknown) => e)) as RunError;
    expect(error).toBeInstanceOf(RunError);
    expect(error.code).toBe('cancelled');
    // abort() without a reason gives a DOMException AbortError as the reason.
    if (reason === undefined) expect((error.cause as DOMException).name).toBe('AbortError');
    else expect(error.cause).toBe(reason);
  });
});
