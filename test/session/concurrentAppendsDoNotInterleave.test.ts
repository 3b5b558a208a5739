import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { SessionRepair } from '../../src/session/fileSessionStore.js';
import type { Message } from '../../src/types.js';
import { fileLines, invariantViolation, useTempDir } from './sessionTestKit.js';

// One Run's batch: an assistant message with two calls and their results, large enough
// that an unserialised writer would interleave or tear lines.
function batch(n: number): Message[] {
  const ids = [`call-${n}-a`, `call-${n}-b`];
  return [
    { role: 'assistant', content: `batch ${n}`, toolCalls: ids.map((id) => ({ id, name: 'read', arguments: '{}' })) },
    ...ids.map((id): Message => ({ role: 'tool', toolCallId: id, content: `${id}:${'x'.repeat(40_000)}`, isError: false })),
  ];
}

function expectWholeBatches(messages: readonly Message[], count: number): void {
  expect(messages).toHaveLength(count * 3);
  expect(invariantViolation(messages)).toBeUndefined();
  const order = messages.filter((message) => message.role === 'assistant').map((message) => message.content);
  expect(new Set(order).size).toBe(count);
}

describe('concurrent appends to one session', () => {
  const dir = useTempDir();

  it('never interleave: every line is a valid record and each append stays together', async () => {
    const stores = [new FileSessionStore({ dir: dir() }), new FileSessionStore({ dir: dir() })];
    const batches = Array.from({ length: 40 }, (_, n) => batch(n));

    await Promise.all(batches.map((messages, n) => (stores[n % 2] as FileSessionStore).append('s', messages)));

    const lines = await fileLines(join(dir(), 's.jsonl'));
    expect(lines).toHaveLength(120);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const loaded = await new FileSessionStore({ dir: dir() }).load('s');
    expectWholeBatches(loaded, 40);
    for (let start = 0; start < loaded.length; start += 3) {
      expect(batches).toContainEqual(loaded.slice(start, start + 3));
    }
  });

  it('keep the order in which they were called', async () => {
    const store = new FileSessionStore({ dir: dir() });
    const users = Array.from({ length: 50 }, (_, n): Message => ({ role: 'user', content: `message ${n}` }));
    await Promise.all(users.map((message) => store.append('s', [message])));
    expect(await store.load('s')).toEqual(users);
  });

  it('are never seen half done by a load running alongside them', async () => {
    const repairs: SessionRepair[] = [];
    const store = new FileSessionStore({ dir: dir(), onRepair: (repair) => repairs.push(repair) });
    const work: Promise<unknown>[] = [];
    for (let n = 0; n < 20; n += 1) {
      work.push(store.append('s', batch(n)));
      work.push(store.load('s').then((messages) => expectWholeBatches(messages, n + 1)));
    }
    await Promise.all(work);
    expect(repairs).toEqual([]);
  });
});
