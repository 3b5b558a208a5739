// Repair adds results; it never drops one. A tool message that answers no call of the
// assistant message before it (a stray: an unknown id, a duplicate, a result with no
// assistant message at all) stays in the session, in its place relative to the others.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairInterruptedCalls } from '../../src/session/repairSession.js';
import type { Message, ToolMessage } from '../../src/types.js';

const call = (id: string) => ({ id, name: 't', arguments: '{}' });
const result = (toolCallId: string, content = toolCallId): ToolMessage => ({ role: 'tool', toolCallId, content, isError: false });
const assistant = (...ids: string[]): Message => ({ role: 'assistant', content: '', toolCalls: ids.map(call) });

/** The input messages, in order, that `repaired` did not add: identical objects, none missing. */
function kept(messages: readonly Message[], repaired: readonly ToolMessage[]): Message[] {
  return messages.filter((message) => !repaired.includes(message as ToolMessage));
}

describe('repairInterruptedCalls keeps stray tool messages', () => {
  // Each case: the session, the ids of the calls repaired, and the output as roles and tool ids
  // (an added result stands where the missing one would have).
  it.each<[string, Message[], string[], string[]]>([
    ['after every answered call', [assistant('a'), result('a'), result('stray')], [], ['assistant', 'a', 'stray']],
    ['after the results, with a call left to repair', [assistant('a', 'b'), result('a'), result('stray')], ['b'], ['assistant', 'a', 'b', 'stray']],
    ['before a call’s result', [assistant('a', 'b'), result('stray'), result('b')], ['a'], ['assistant', 'a', 'stray', 'b']],
    ['before the first result, with a call missing in the middle', [assistant('a', 'b', 'c'), result('stray'), result('a'), result('c')], ['b'], ['assistant', 'stray', 'a', 'b', 'c']],
    ['as a duplicate of an answered call', [assistant('a'), result('a', 'first'), result('a', 'second')], [], ['assistant', 'a', 'a']],
    ['with no assistant message before it', [{ role: 'user', content: 'go' }, result('orphan'), assistant('a')], ['a'], ['user', 'orphan', 'assistant', 'a']],
  ])('%s', (_, session, repairedIds, order) => {
    const { messages, repaired } = repairInterruptedCalls(session);
    expect(repaired.map((message) => message.toolCallId)).toEqual(repairedIds);
    expect(messages.map((message) => (message.role === 'tool' ? message.toolCallId : message.role))).toEqual(order);
    for (const added of repaired) expect(added.content).toMatch(/outcome is unknown\. It may or may not have taken effect\.$/);
    expect(kept(messages, repaired)).toEqual(session);
    kept(messages, repaired).forEach((message, index) => expect(message).toBe(session[index]));
    expect(messages).toHaveLength(session.length + repairedIds.length);
  });

  it('drops none of any session’s messages, wherever strays stand', () => {
    const id = fc.constantFrom('a', 'b', 'c');
    const message: fc.Arbitrary<Message> = fc.oneof(
      fc.constant<Message>({ role: 'user', content: 'u' }),
      fc.uniqueArray(id, { minLength: 1, maxLength: 3 }).map((ids) => assistant(...ids)),
      fc.constantFrom('a', 'b', 'c', 'stray').map((toolCallId) => result(toolCallId)),
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), (session) => {
        const { messages, repaired } = repairInterruptedCalls(session);
        const survivors = kept(messages, repaired);
        expect(survivors).toHaveLength(session.length);
        survivors.forEach((survivor, index) => expect(survivor).toBe(session[index]));
      }),
    );
  });
});
