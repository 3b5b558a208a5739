// One server's tools in the registry: registered once, re-synced on list_changed. The
// registry is append-only, so a removed or changed tool stays registered and refuses calls.
import {
  RegistrationErrorCode,
  ToolErrorCode,
  ToolRegistrationError,
  type JsonSchemaObject,
  type Tool,
  type ToolContext,
  type ToolRegistry,
  type ToolResult,
} from '../core.js';
import type { ListedTools } from './listTools.js';
import { stripKeywords } from './stripKeywords.js';
import { mcpToolName } from './toolName.js';
import type { McpIgnoredKeywords, McpSkippedTool, McpWithdrawnTool } from './types.js';
import { describeError, isRecord } from '../capabilities/shared/coreHelpers.js';

const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** How a server's tools become registry tools. */
export interface ToolPolicy {
  server: string;
  /** The server is in `trusted`: its readOnlyHint is believed. */
  trusted: boolean;
  needsApproval: (registeredName: string) => boolean;
  call: (tool: string, args: Record<string, unknown>, ctx: Pick<ToolContext, 'signal' | 'runId' | 'callId'>) => Promise<ToolResult>;
}

interface Registered {
  name: string;
  fingerprint: string;
  /** Set while the server no longer lists the tool as registered. */
  withdrawn?: string;
}

/** The registry side of one server: what is registered, skipped, withdrawn. */
export class ServerTools {
  readonly #registry: ToolRegistry;
  readonly #policy: ToolPolicy;
  readonly #registered = new Map<string, Registered>();
  #skipped: McpSkippedTool[] = [];
  readonly #ignored: McpIgnoredKeywords[] = [];

  constructor(registry: ToolRegistry, policy: ToolPolicy) {
    this.#registry = registry;
    this.#policy = policy;
  }

  /** Registered names that can be called. */
  get tools(): string[] {
    return [...this.#registered.values()].filter((entry) => entry.withdrawn === undefined).map((entry) => entry.name);
  }

  get skipped(): McpSkippedTool[] {
    return this.#skipped.map((entry) => ({ ...entry }));
  }

  get withdrawn(): McpWithdrawnTool[] {
    return [...this.#registered]
      .filter(([, entry]) => entry.withdrawn !== undefined)
      .map(([tool, entry]) => ({ tool, name: entry.name, reason: entry.withdrawn! }));
  }

  get ignoredKeywords(): McpIgnoredKeywords[] {
    return this.#ignored.map((entry) => ({ ...entry, keywords: [...entry.keywords] }));
  }

  /**
   * Brings the registry in line with the server's current list: new tools registered, missing or changed ones withdrawn.
   * @example
   * import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
   * declare const serverTools: ServerTools;
   * declare const client: Client;
   * serverTools.sync({ tools: (await client.listTools()).tools, malformed: [] })
   */
  sync(listed: ListedTools): void {
    const skipped: McpSkippedTool[] = [...listed.malformed];
    const present = new Set<string>();
    for (const raw of listed.tools) {
      // One hostile tool (a schema too deep to copy or compile) is skipped; its siblings and the server carry on.
      try {
        this.#syncOne(raw, present, skipped);
      } catch (error) {
        skipped.push({ tool: describeName(raw), reason: `it cannot be used: ${describeError(error)}` });
      }
    }
    for (const [tool, entry] of this.#registered) {
      if (!present.has(tool)) entry.withdrawn = 'the server no longer offers this tool';
    }
    this.#skipped = skipped;
  }

  #syncOne(raw: unknown, present: Set<string>, skipped: McpSkippedTool[]): void {
    const tool = readTool(raw);
    if (typeof tool === 'string') {
      skipped.push({ tool: describeName(raw), reason: tool });
      return;
    }
    if (present.has(tool.name)) {
      skipped.push({ tool: tool.name, reason: 'the server lists this tool name more than once; only the first is used' });
      return;
    }
    present.add(tool.name);
    const known = this.#registered.get(tool.name);
    if (known === undefined) {
      const refusal = this.#register(tool);
      if (refusal) skipped.push(refusal);
    } else if (known.fingerprint === tool.fingerprint) {
      delete known.withdrawn;
    } else {
      known.withdrawn = 'the server changed this tool after it was registered; a registered tool is never replaced, so calls are refused until the servers are connected again';
    }
  }

  #register(tool: ListedTool): McpSkippedTool | undefined {
    const name = mcpToolName(this.#policy.server, tool.name);
    const readOnly = this.#policy.trusted && tool.readOnlyHint;
    const idempotent = this.#policy.trusted && !readOnly && tool.idempotentHint;
    const candidate = (parameters: JsonSchemaObject): Tool => ({
      name,
      description: tool.description ?? `Tool "${tool.name}" of MCP server "${this.#policy.server}"`,
      parameters,
      ...(readOnly ? { readOnly: true, concurrencySafe: true } : {}),
      ...(idempotent ? { effects: 'idempotent' as const } : {}),
      ...(this.#policy.needsApproval(name) ? { needsApproval: true } : {}),
      execute: (args, ctx) => this.#execute(tool.name, args, ctx),
    });
    const parameters = schemaCopy(tool.inputSchema);
    try {
      this.#registry.register(candidate(parameters));
    } catch (error) {
      const unknown = unknownKeywordsOf(error);
      if (unknown === undefined) return refusal(tool.name, error);
      try {
        this.#registry.register(candidate(stripKeywords(parameters, unknown)));
      } catch (retryError) {
        return refusal(tool.name, retryError);
      }
      this.#ignored.push({ tool: tool.name, name, keywords: [...unknown] });
    }
    this.#registered.set(tool.name, { name, fingerprint: tool.fingerprint });
    return undefined;
  }

  async #execute(tool: string, args: Record<string, unknown>, ctx: Pick<ToolContext, 'signal' | 'runId' | 'callId'>): Promise<ToolResult> {
    const withdrawn = this.#registered.get(tool)?.withdrawn;
    if (withdrawn !== undefined) {
      return { content: `MCP tool "${tool}" of server "${this.#policy.server}" cannot be called: ${withdrawn}.`, isError: true, code: ToolErrorCode.toolError };
    }
    return this.#policy.call(tool, args, ctx);
  }
}

interface ListedTool {
  name: string;
  description: string | undefined;
  inputSchema: unknown;
  readOnlyHint: boolean;
  /** Believed only for a trusted server: the tool may then run again on resume. */
  idempotentHint: boolean;
  /** What the model is shown and what trust depends on, in a comparable form. */
  fingerprint: string;
}

function readTool(raw: unknown): ListedTool | string {
  if (!isRecord(raw)) return 'the server listed something that is not a tool object';
  if (typeof raw.name !== 'string' || raw.name === '') return 'the tool has no name';
  if (isRecord(raw.execution) && raw.execution.taskSupport === 'required') return 'the tool can only run as an MCP task, which this client does not use';
  const annotations = isRecord(raw.annotations) ? raw.annotations : {};
  const description = [raw.description, raw.title, annotations.title].find((text): text is string => typeof text === 'string' && text.trim() !== '');
  return {
    name: raw.name,
    description,
    inputSchema: raw.inputSchema,
    readOnlyHint: annotations.readOnlyHint === true,
    idempotentHint: annotations.idempotentHint === true,
    fingerprint: canonicalJson({ description, inputSchema: raw.inputSchema, annotations }),
  };
}

// The module's own copy; a schema without $schema is read as 2020-12, MCP's default dialect.
function schemaCopy(schema: unknown): JsonSchemaObject {
  if (!isRecord(schema)) return schema as JsonSchemaObject; // the registry says why it is refused
  const copy = JSON.parse(JSON.stringify(schema)) as JsonSchemaObject;
  return copy.$schema === undefined ? { $schema: SCHEMA_2020_12, ...copy } : copy;
}

// The registry's strict mode names the keywords it does not know; those alone are dropped.
function unknownKeywordsOf(error: unknown): string[] | undefined {
  if (!(error instanceof ToolRegistrationError) || error.code !== RegistrationErrorCode.invalidToolSchema) return undefined;
  const keywords = (error.details as { unknownKeywords?: unknown } | undefined)?.unknownKeywords;
  if (!Array.isArray(keywords) || keywords.length === 0 || !keywords.every((k) => typeof k === 'string')) return undefined;
  return keywords as string[];
}

function refusal(tool: string, error: unknown): McpSkippedTool {
  if (error instanceof ToolRegistrationError) return { tool, reason: error.message, code: error.code };
  return { tool, reason: describeError(error) };
}

function describeName(raw: unknown): string {
  return isRecord(raw) && typeof raw.name === 'string' ? raw.name : '(unnamed)';
}

// The replacer runs at every depth of a (possibly hostile, very deep) schema. It calls a local
// binding: a loader that reads imports through a module object (vitest's) would otherwise turn
// running out of stack there into a TypeError instead of the RangeError it is.
const isObject = isRecord;

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isObject(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}
