// sessionStoreConformance fails loudly: a store that breaks the contract gets an AggregateError
// naming each case it failed, and a store without leases is refused.
import { describe, expect, it } from 'vitest';
import { MemorySessionStore } from '../../../src/session/memorySessionStore.js';
import { sessionStoreConformance } from '../../../src/testing.js';
import type { Message } from '../../../src/types.js';

// Writes on read, as FileSessionStore.load once did: a call without a result gets one.
class RepairingOnLoad extends MemorySessionStore {
  override async load(sessionId: string): Promise<Message[]> {
    const messages = await super.load(sessionId);
    const last = messages.at(-1);
    if (last?.role === 'assistant' && last.toolCalls?.length) {
      await this.append(sessionId, last.toolCalls.map((call) => ({ role: 'tool', toolCallId: call.id, content: 'interrupted', isError: true, code: 'interrupted' })));
    }
    return super.load(sessionId);
  }
}

describe('sessionStoreConformance', () => {
  it('rejects with an AggregateError naming the cases a store fails', async () => {
    const store = new RepairingOnLoad({ lockTimeoutMs: 20 });
    const error = await sessionStoreConformance(() => store).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AggregateError);
    const names = (error as AggregateError).errors.map((failure: Error) => failure.message);
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^a reader never writes/)]));
    expect((error as Error).message).toContain('session store cases failed');
  });

  it('refuses a store without acquire and loadRunState', async () => {
    const plain = { load: async () => [], append: async () => undefined };
    const error = (await sessionStoreConformance(() => plain).catch((caught: unknown) => caught)) as AggregateError;
    expect(error.errors.length).toBeGreaterThan(0);
    expect(error.errors.every((failure: Error) => failure.message.includes('must have acquire() and loadRunState()'))).toBe(true);
  });
});
