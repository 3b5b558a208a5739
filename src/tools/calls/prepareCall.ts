// CONTRACT §3 steps 1–3: from a model's tool call to a tool and checked arguments, or an
// error result the model can act on. Runs on every call: no per-call regex or closures.
import { ToolErrorCode } from '../../codes.js';
import { describeValue } from '../../describeValue.js';
import type { RegisteredTool, ToolSet } from '../toolSet.js';
import type { ToolCallRequest, ToolResult } from '../../types.js';
import type { SchemaIssue } from '../validation/schemaValidator.js';
import { errorResult } from './errorResult.js';
import { isRecord } from '../../isRecord.js';

/** Either the tool and its validated arguments, or the error result to send back instead. */
export type PreparedCall = { ok: true; tool: RegisteredTool; args: Record<string, unknown> } | { ok: false; result: ToolResult };

const BLANK = /^\s*$/;
// Enough for a model to fix its call; a huge argument array must not flood the context.
const MAX_LISTED_ISSUES = 20;

/**
 * Resolves the tool, parses and validates the arguments; `execute` is only called for `ok: true`.
 * @example prepareCall({ id: 'c1', name: 'ping', arguments: '{}' }, registry.snapshot())
 */
export function prepareCall(call: ToolCallRequest, tools: ToolSet): PreparedCall {
  const tool = tools.lookup(call.name);
  if (tool === undefined) return failed(ToolErrorCode.unknownTool, unknownToolMessage(call.name, tools.names));
  const args = parseArguments(call.arguments);
  if (typeof args === 'string') return failed(ToolErrorCode.invalidJson, `Arguments for tool "${call.name}" ${args}.`);
  const checked = tool.validate(args);
  if (!checked.valid) return failed(ToolErrorCode.invalidArguments, invalidArgumentsMessage(call.name, checked.errors));
  return { ok: true, tool, args: checked.data };
}

function failed(code: string, content: string): PreparedCall {
  return { ok: false, result: errorResult(code, content) };
}

// The arguments as an object, or why they are not one (a string ends the sentence "Arguments …").
function parseArguments(raw: unknown): Record<string, unknown> | string {
  if (typeof raw === 'string') {
    if (BLANK.test(raw)) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      return `are not valid JSON (${error instanceof Error ? error.message : String(error)}); send a JSON object`;
    }
    return isRecord(parsed) ? parsed : `must be a JSON object, got ${describeValue(parsed)}`;
  }
  return isPlainObject(raw) ? raw : `must be a JSON object, got ${describeValue(raw)}`;
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

function invalidArgumentsMessage(name: string, issues: readonly SchemaIssue[]): string {
  const lines = [`Arguments for tool "${name}" do not match its parameters schema:`];
  for (const issue of issues.slice(0, MAX_LISTED_ISSUES)) lines.push(`- ${issue.path || '(root)'}: ${issue.message}`);
  if (issues.length > MAX_LISTED_ISSUES) lines.push(`- … and ${issues.length - MAX_LISTED_ISSUES} more`);
  lines.push('Fix the arguments and call the tool again.');
  return lines.join('\n');
}
