import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairInterruptedCalls } from '../../src/session/repairSession.js';
import type { Message, ToolMessage } from '../../src/types.js';
import { invariantViolation } from './sessionTestKit.js';

// A session that holds the invariant, as turns; ids come from a small pool and repeat
// across assistant messages, as some providers do.
const id = fc.constantFrom('c1', 'c2', 'c3', 'call_0', 'x');
const text: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: fc.string() }),
  fc.record({ role: fc.constant('system' as const), content: fc.string() }),
  fc.record({ role: fc.constant('assistant' as const), content: fc.string() }),
);
const toolTurn = fc.uniqueArray(id, { minLength: 1, maxLength: 4 }).chain((ids) =>
  fc.tuple(
    fc.constant<Message>({ role: 'assistant', content: '', toolCalls: ids.map((callId) => ({ id: callId, name: 't', arguments: '{}' })) }),
    fc.tuple(...ids.map((callId) => fc.constant<ToolMessage>({ role: 'tool', toolCallId: callId, content: `result of ${callId}`, isError: false }))),
    fc.array(fc.boolean(), { minLength: ids.length, maxLength: ids.length }),
  ),
);
// Each turn: its messages when whole, and with the results whose flag is false removed.
const turns = fc.array(
  fc.oneof(
    text.map((message) => ({ whole: [message], gapped: [message] })),
    toolTurn.map(([assistant, results, kept]) => ({
      whole: [assistant, ...results],
      gapped: [assistant, ...results.filter((_, index) => kept[index])],
    })),
  ),
  { maxLength: 12 },
);

describe('repairInterruptedCalls', () => {
  it('restores the invariant by adding one interrupted result per missing result, and only that', () => {
    fc.assert(
      fc.property(turns, (session) => {
        const whole = session.flatMap((turn) => turn.whole);
        const gapped = session.flatMap((turn) => turn.gapped);
        const input = structuredClone(gapped);

        const { messages, repaired } = repairInterruptedCalls(gapped);

        expect(invariantViolation(messages)).toBeUndefined();
        expect(repaired).toHaveLength(whole.length - gapped.length);
        expect(messages.filter((message) => !repaired.includes(message as ToolMessage))).toEqual(gapped);
        for (const result of repaired) expect(result).toMatchObject({ role: 'tool', isError: true, code: 'interrupted' });
        // Each added result stands where the missing one stood.
        const ids = (list: readonly Message[]) => list.map((message) => (message.role === 'tool' ? message.toolCallId : message.role));
        expect(ids(messages)).toEqual(ids(whole));
        expect(gapped).toEqual(input);
      }),
    );
  });

  it('leaves a session that holds the invariant unchanged', () => {
    fc.assert(
      fc.property(turns, (session) => {
        const whole = session.flatMap((turn) => turn.whole);
        const { messages, repaired } = repairInterruptedCalls(whole);
        expect(repaired).toEqual([]);
        expect(messages).toEqual(whole);
        messages.forEach((message, index) => expect(message).toBe(whole[index]));
      }),
    );
  });

  it('says in the content that the outcome is unknown, naming the tool and the call', () => {
    const { repaired } = repairInterruptedCalls([
      { role: 'assistant', content: '', toolCalls: [{ id: 'c7', name: 'deploy', arguments: '{}' }] },
    ]);
    expect(repaired).toEqual([
      {
        role: 'tool',
        toolCallId: 'c7',
        content: expect.stringMatching(/"deploy".*"c7".*interrupted.*outcome is unknown/) as unknown as string,
        isError: true,
        code: 'interrupted',
      },
    ]);
  });

  it('keeps results that are out of call order where they are, and answers the rest after them', () => {
    const calls = ['a', 'b', 'c'].map((callId) => ({ id: callId, name: 't', arguments: '{}' }));
    const result = (callId: string): ToolMessage => ({ role: 'tool', toolCallId: callId, content: callId, isError: false });
    const { messages, repaired } = repairInterruptedCalls([{ role: 'assistant', content: '', toolCalls: calls }, result('b'), result('a')]);
    expect(messages.map((message) => (message.role === 'tool' ? message.toolCallId : message.role))).toEqual(['assistant', 'b', 'a', 'c']);
    expect(repaired.map((message) => message.toolCallId)).toEqual(['c']);
  });
});
