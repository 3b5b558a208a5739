// Repair: a session whose Run ended without writing its results (its process stopped while
// tools ran, or the write failed) holds tool calls without results. Each gets an `interrupted`
// error result so the session invariant holds again.
import { ToolErrorCode } from '../codes.js';
import type { Message, ToolCallRequest, ToolMessage } from '../types.js';

/** What `repairInterruptedCalls` returns. */
export interface InterruptedCallRepair {
  /** The session with a result for every call; the input's messages keep their order and identity. */
  messages: Message[];
  /** The `interrupted` results it added, in session order (empty when nothing was missing). */
  repaired: ToolMessage[];
}

/**
 * Gives every tool call that has no result an `interrupted` error result, placed so each
 * assistant message is directly followed by its calls' tool messages, in call order.
 *
 * Pure: `messages` is not changed, and no existing message is moved or dropped. A call's
 * results are the tool messages directly after its assistant message (ids are matched
 * there only, since providers may reuse ids across responses).
 * @example
 * const { messages, repaired } = repairInterruptedCalls([
 *   { role: 'user', content: 'list files' },
 *   { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'ls', arguments: '{}' }] },
 * ]);
 * repaired[0]?.code; // 'interrupted'
 * messages.length; // 3
 */
export function repairInterruptedCalls(messages: readonly Message[]): InterruptedCallRepair {
  const out: Message[] = [];
  const repaired: ToolMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index] as Message;
    out.push(message);
    index += 1;
    if (message.role !== 'assistant' || !message.toolCalls?.length) continue;
    let groupEnd = index;
    while (messages[groupEnd]?.role === 'tool') groupEnd += 1;
    const group = messages.slice(index, groupEnd) as ToolMessage[];
    out.push(...answerEveryCall(message.toolCalls, group, repaired));
    index = groupEnd;
  }
  return { messages: out, repaired };
}

// The error result of a call that has no recorded result. The session cannot tell why (a
// stopped process and a failed write look the same), so the text does not guess.
function interruptedResult(call: ToolCallRequest): ToolMessage {
  return {
    role: 'tool',
    toolCallId: call.id,
    content:
      `The call to tool ${JSON.stringify(call.name)} (id ${JSON.stringify(call.id)}) was interrupted: ` +
      'the Run that made it ended without recording its result, so its outcome is unknown. ' +
      'It may or may not have taken effect.',
    isError: true,
    code: ToolErrorCode.interrupted,
  };
}

// Walks the calls in order, emitting each call's existing result (with any results that
// stand before it in the group) or, when it has none, a new `interrupted` one.
function answerEveryCall(calls: readonly ToolCallRequest[], group: readonly ToolMessage[], repaired: ToolMessage[]): Message[] {
  const answered = new Set(group.map((result) => result.toolCallId));
  const out: Message[] = [];
  let next = 0;
  for (const call of calls) {
    if (!answered.has(call.id)) {
      const result = interruptedResult(call);
      repaired.push(result);
      out.push(result);
      continue;
    }
    while (next < group.length) {
      const result = group[next] as ToolMessage;
      next += 1;
      out.push(result);
      if (result.toolCallId === call.id) break;
    }
  }
  out.push(...group.slice(next));
  return out;
}
