// Where a Run with `output` stands with its answer (docs/output.md), read from its own messages
// (data, so a restored Run reads the same): the answer a `final_answer` call gave and the
// runtime accepted, the responses whose answers were refused, a text answer given instead.
import { FINAL_ANSWER_TOOL } from '../../src/output/outputSchema.js';
import type { AssistantMessage, Message, ToolMessage } from '../../src/types.js';

/** What a Run with `output` keeps in its context: data only; the schema is the environment's. */
export interface AnswerSpec {
  mode: 'tool' | 'native';
  maxRetries: number;
}

function lastAssistant(messages: readonly Message[]): { message: AssistantMessage; at: number } | undefined {
  for (let at = messages.length - 1; at >= 0; at--) {
    const message = messages[at]!;
    if (message.role === 'assistant') return { message, at };
  }
  return undefined;
}

function resultsAfter(messages: readonly Message[], at: number): Map<string, ToolMessage> {
  const results = new Map<string, ToolMessage>();
  for (const message of messages.slice(at + 1)) if (message.role === 'tool') results.set(message.toolCallId, message);
  return results;
}

const isAnswerCall = (call: { name: string }) => call.name === FINAL_ANSWER_TOOL;

/**
 * The arguments of the last response's first `final_answer` call that got a success result.
 * @example
 * acceptedAnswer([
 *   { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'final_answer', arguments: '{"city":"Paris"}' }] },
 *   { role: 'tool', toolCallId: 'a', content: 'Final answer recorded.', isError: false },
 * ])?.value // { city: 'Paris' }
 */
export function acceptedAnswer(messages: readonly Message[]): { value: unknown; text: string } | undefined {
  const last = lastAssistant(messages);
  if (!last?.message.toolCalls) return undefined;
  const results = resultsAfter(messages, last.at);
  for (const call of last.message.toolCalls.filter(isAnswerCall)) {
    const result = results.get(call.id);
    if (result === undefined || result.isError) continue;
    // Validation accepted these arguments, so they parse.
    const value: unknown = typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments;
    return { value, text: last.message.content };
  }
  return undefined;
}

/** Responses of `messages` that called `final_answer` and had every such call refused, and the last refusal. */
export function refusedAnswers(messages: readonly Message[]): { count: number; last: ToolMessage | undefined } {
  let count = 0;
  let last: ToolMessage | undefined;
  messages.forEach((message, at) => {
    if (message.role !== 'assistant' || !message.toolCalls?.some(isAnswerCall)) return;
    const results = resultsAfter(messages, at);
    const answers = message.toolCalls.filter(isAnswerCall).map((call) => results.get(call.id));
    if (answers.some((result) => result === undefined || !result.isError)) return;
    count++;
    last = answers.at(-1);
  });
  return { count, last };
}

/**
 * True when the last response's `final_answer` calls were all refused.
 * @example
 * lastAnswerRefused([
 *   { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'final_answer', arguments: '{}' }] },
 *   { role: 'tool', toolCallId: 'a', content: 'Invalid arguments', isError: true, code: 'invalid_arguments' },
 * ]) // true
 */
export function lastAnswerRefused(messages: readonly Message[]): boolean {
  const last = lastAssistant(messages);
  if (!last?.message.toolCalls?.some(isAnswerCall)) return false;
  const results = resultsAfter(messages, last.at);
  return last.message.toolCalls.filter(isAnswerCall).every((call) => results.get(call.id)?.isError === true);
}

/**
 * True when the Run's last message is an answer in text, without calls.
 * @example answeredInText([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }]) // true
 */
export function answeredInText(messages: readonly Message[]): boolean {
  const last = messages.at(-1);
  return last?.role === 'assistant' && (last.toolCalls?.length ?? 0) === 0;
}

/**
 * Text answers of a Run in mode 'native' that were refused: every answer in text recorded so far (an accepted one ends the Run).
 * @example refusedTextAnswers([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'not JSON' }]) // 1
 */
export function refusedTextAnswers(messages: readonly Message[]): number {
  return messages.filter((message) => message.role === 'assistant' && (message.toolCalls?.length ?? 0) === 0).length;
}

/**
 * True when a response asks for `final_answer`.
 * @example callsFinalAnswer([{ name: 'final_answer' }]) // true
 */
export function callsFinalAnswer(calls: readonly { name: string }[]): boolean {
  return calls.some(isAnswerCall);
}
