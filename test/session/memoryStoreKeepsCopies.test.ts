import { describe, expect, it } from 'vitest';
import { MemorySessionStore } from '../../src/session/memorySessionStore.js';
import type { AssistantMessage, Message } from '../../src/types.js';
import { everyKind } from './sessionTestKit.js';

describe('MemorySessionStore', () => {
  it('returns [] for a session never written and keeps sessions apart', async () => {
    const store = new MemorySessionStore();
    await store.append('a', [{ role: 'user', content: 'in a' }]);
    expect(await store.load('b')).toEqual([]);
    expect(await store.load('a')).toEqual([{ role: 'user', content: 'in a' }]);
  });

  it('appends in order and round-trips every message kind', async () => {
    const store = new MemorySessionStore();
    await store.append('s', everyKind.slice(0, 3));
    await store.append('s', everyKind.slice(3));
    expect(await store.load('s')).toEqual(everyKind);
  });

  it('is not changed when the caller mutates what it appended', async () => {
    const store = new MemorySessionStore();
    const assistant: AssistantMessage = structuredClone(everyKind[2] as AssistantMessage);
    const batch: Message[] = [assistant];
    await store.append('s', batch);
    assistant.content = 'changed';
    assistant.toolCalls?.push({ id: 'c9', name: 'rm', arguments: '{}' });
    (assistant.toolCalls?.[1]?.arguments as Record<string, unknown>).path = 'changed';
    batch.push({ role: 'user', content: 'sneaked in' });
    expect(await store.load('s')).toEqual([everyKind[2]]);
  });

  it('is not changed when the caller mutates what it loaded', async () => {
    const store = new MemorySessionStore();
    await store.append('s', everyKind);
    const loaded = await store.load('s');
    loaded.pop();
    (loaded[0] as { content: string }).content = 'changed';
    expect(await store.load('s')).toEqual(everyKind);
  });

  it('refuses a message that is not a Message, and stores nothing of that append', async () => {
    const store = new MemorySessionStore();
    const bad = [{ role: 'user', content: 'ok' }, { role: 'tool', toolCallId: 'c1', content: 'x' }] as unknown as Message[];
    await expect(store.append('s', bad)).rejects.toMatchObject({
      code: 'invalid_session_message',
      message: expect.stringContaining('message 1: isError must be a boolean'),
    });
    expect(await store.load('s')).toEqual([]);
  });

  it('refuses a message JSON cannot encode, as both stores would', async () => {
    const store = new MemorySessionStore();
    const args: Record<string, unknown> = { big: 1n };
    await expect(store.append('s', [{ role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 't', arguments: args }] }])).rejects.toMatchObject({
      code: 'invalid_session_message',
      message: expect.stringContaining('not JSON-encodable'),
    });
  });
});
