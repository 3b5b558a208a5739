// docs/design.md, "One call", steps 1–4: from a model's tool call to a tool and checked arguments, or an
// error result the model can act on. Runs on every call: no per-call regex or closures.
// Never throws: whatever the model sent becomes a result.
import { ToolErrorCode } from '../../codes.js';
import { describeValue } from '../../describeValue.js';
import { DEFAULT_LIMITS } from '../../limits.js';
import type { RegisteredTool, ToolSet } from '../toolSet.js';
import type { ToolCallRequest, ToolResult } from '../../types.js';
import type { SchemaIssue } from '../validation/schemaValidator.js';
import { errorResult } from './errorResult.js';
import { isRecord } from '../../isRecord.js';
import { describeError } from '../../describeError.js';

/**
 * Either the tool and its validated arguments, or the error result to send back instead.
 * `args` is always the call's own copy: `execute` may change it without touching the recorded call.
 */
export type PreparedCall = { ok: true; tool: RegisteredTool; args: Record<string, unknown> } | { ok: false; result: ToolResult };

/** Options of `prepareCall`. */
export interface PrepareCallOptions {
  /** Longest arguments (JSON characters) accepted; longer ones get `invalid_arguments` unparsed. Default `DEFAULT_LIMITS.maxArgumentsChars`. */
  maxArgumentsChars?: number;
}

const BLANK = /^\s*$/;

/**
 * Resolves the tool, bounds, parses and validates the arguments; `execute` is only called for `ok: true`.
 * @example
 * import { ToolRegistry } from '../registry.js';
 * const registry = new ToolRegistry([{ name: 'ping', description: 'Replies pong', parameters: { type: 'object' }, execute: async () => 'pong' }]);
 * prepareCall({ id: 'c1', name: 'ping', arguments: '{}' }, registry.snapshot(), { maxArgumentsChars: 200_000 }).ok // true
 */
export function prepareCall(call: ToolCallRequest, tools: ToolSet, options?: PrepareCallOptions): PreparedCall {
  const tool = tools.lookup(call.name);
  if (tool === undefined) return failed(ToolErrorCode.unknownTool, unknownToolMessage(call.name, tools.names));
  const text = argumentsText(call.arguments);
  if (typeof text !== 'string') return failed(ToolErrorCode.invalidJson, `Arguments for tool "${call.name}" ${text.problem}.`);
  const max = options?.maxArgumentsChars ?? DEFAULT_LIMITS.maxArgumentsChars;
  if (text.length > max) return failed(ToolErrorCode.invalidArguments, tooLongMessage(call.name, text.length, max));
  const args = parseArguments(text);
  if (typeof args === 'string') return failed(ToolErrorCode.invalidJson, `Arguments for tool "${call.name}" ${args}.`);
  const checked = tool.validate(args);
  if (!checked.valid) return failed(ToolErrorCode.invalidArguments, invalidArgumentsMessage(call.name, checked.errors, checked.issueCount));
  return { ok: true, tool, args: checked.data };
}

function failed(code: string, content: string): PreparedCall {
  return { ok: false, result: errorResult(code, content) };
}

// Arguments as JSON text. An already-parsed object (the Anthropic form) is serialised: its
// size is bounded like a string's, and parsing it back gives `execute` a copy of its own,
// so a tool that edits its arguments never rewrites the call the model sent.
function argumentsText(raw: unknown): string | { problem: string } {
  if (typeof raw === 'string') return raw;
  if (!isPlainObject(raw)) return { problem: `must be a JSON object, got ${describeValue(raw)}` };
  try {
    return JSON.stringify(raw);
  } catch (error) {
    return { problem: `are not JSON (${describeError(error)}); send a JSON object` };
  }
}

// The arguments as an object, or why they are not one (a string ends the sentence "Arguments …").
function parseArguments(text: string): Record<string, unknown> | string {
  if (BLANK.test(text)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `are not valid JSON (${describeError(error)}); send a JSON object`;
  }
  return isRecord(parsed) ? parsed : `must be a JSON object, got ${describeValue(parsed)}`;
}

// An already-parsed object must be plain data: no arrays, Dates, Maps or class instances.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function unknownToolMessage(name: unknown, names: readonly string[]): string {
  const available = names.length === 0 ? 'No tools are available.' : `Available tools: ${names.join(', ')}.`;
  return `Unknown tool ${JSON.stringify(String(name))}. ${available}`;
}

function tooLongMessage(name: string, length: number, max: number): string {
  return `Arguments for tool "${name}" are ${length} characters long; the limit is ${max} (limits.maxArgumentsChars). They were not read. Send shorter arguments.`;
}

function invalidArgumentsMessage(name: string, issues: readonly SchemaIssue[], issueCount: number): string {
  const lines = [`Arguments for tool "${name}" do not match its parameters schema:`];
  for (const issue of issues) lines.push(`- ${issue.path || '(root)'}: ${issue.message}`);
  if (issueCount > issues.length) lines.push(`- … and ${issueCount - issues.length} more`);
  lines.push('Fix the arguments and call the tool again.');
  return lines.join('\n');
}
