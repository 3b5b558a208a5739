// Checks that a value has the shape of a Message (types.ts), field by field, so that a
// store neither writes nor hands back anything else.
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import type { Message } from '../types.js';
import { isRecord } from '../isRecord.js';
import { describeError } from '../describeError.js';

type Fields = Record<string, unknown>;

/** What is wrong with `value` as a Message, or `undefined` when it is one. */
export function messageProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return `expected a message object, got ${kind(value)}`;
  switch (value.role) {
    case 'system':
    case 'user':
      return field(value, 'content', 'string');
    case 'assistant':
      return field(value, 'content', 'string') ?? toolCallsProblem(value.toolCalls);
    case 'tool':
      return (
        field(value, 'toolCallId', 'string') ??
        field(value, 'content', 'string') ??
        field(value, 'isError', 'boolean') ??
        field(value, 'code', 'string', true) ??
        field(value, 'truncated', 'boolean', true)
      );
    default:
      return `role must be "system", "user", "assistant" or "tool", got ${value.role === undefined ? 'none' : JSON.stringify(value.role)}`;
  }
}

/** Throws `SessionError` (`invalid_session_message`) unless `messages` is an array of Messages. */
export function assertMessages(sessionId: string, messages: unknown): asserts messages is readonly Message[] {
  const problem = Array.isArray(messages)
    ? messages.map((message, index) => describeAt(index, messageProblem(message))).find((text) => text !== undefined)
    : `expected an array of messages, got ${kind(messages)}`;
  if (problem === undefined) return;
  throw new SessionError(SessionErrorCode.invalidMessage, `Cannot append to session "${sessionId}": ${problem}`, {
    details: { sessionId },
  });
}

/** Runs `encode` (JSON of valid messages), turning what JSON refuses (a BigInt, a cycle) into `invalid_session_message`. */
export function encodeMessages<T>(sessionId: string, encode: () => T): T {
  try {
    return encode();
  } catch (error) {
    const reason = describeError(error);
    throw new SessionError(SessionErrorCode.invalidMessage, `Cannot append to session "${sessionId}": not JSON-encodable: ${reason}`, {
      cause: error,
      details: { sessionId },
    });
  }
}

function describeAt(index: number, problem: string | undefined): string | undefined {
  return problem === undefined ? undefined : `message ${index}: ${problem}`;
}

function toolCallsProblem(toolCalls: unknown): string | undefined {
  if (toolCalls === undefined) return undefined;
  if (!Array.isArray(toolCalls)) return `toolCalls must be an array, got ${kind(toolCalls)}`;
  for (const [index, call] of toolCalls.entries()) {
    const problem = isRecord(call)
      ? (nonEmpty(call, 'id') ?? field(call, 'name', 'string') ?? argumentsProblem(call.arguments))
      : `expected an object, got ${kind(call)}`;
    if (problem !== undefined) return `toolCalls[${index}]: ${problem}`;
  }
  return undefined;
}

function argumentsProblem(args: unknown): string | undefined {
  return typeof args === 'string' || isRecord(args) ? undefined : `arguments must be a string or an object, got ${kind(args)}`;
}

function nonEmpty(value: Fields, name: string): string | undefined {
  const found = value[name];
  return typeof found === 'string' && found !== '' ? undefined : `${name} must be a non-empty string, got ${kind(found)}`;
}

function field(value: Fields, name: string, type: 'string' | 'boolean', optional = false): string | undefined {
  const found = value[name];
  if (typeof found === type || (optional && found === undefined)) return undefined;
  return `${name} must be ${optional ? 'absent or ' : ''}a ${type}, got ${kind(found)}`;
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return typeof value;
}
