// Every page of `tools/list` through the SDK's `listTools()`, which validates the tools and
// caches their output schemas and task requirements for `callTool()`. A page the SDK refuses
// because of one malformed tool is read again raw and checked tool by tool, so the other
// tools of the page survive; the malformed ones are reported.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError, ResultSchema, ToolSchema, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { McpSkippedTool } from './types.js';
import { describeError } from '../capabilities/shared/coreHelpers.js';

const MAX_PAGES = 1_000;

/** The tools a server lists, and those it lists that cannot be used. */
export interface ListedTools {
  tools: McpTool[];
  malformed: McpSkippedTool[];
}

/**
 * Lists every page, following `nextCursor`; leaves the client's output-schema cache covering every usable tool.
 * @example
 * import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * declare const client: Client;
 * const { tools, malformed } = await listAllTools(client, { timeout: 30_000 })
 */
export async function listAllTools(client: Client, options: { timeout: number }): Promise<ListedTools> {
  const listed: ListedTools = { tools: [], malformed: [] };
  if (client.getServerCapabilities()?.tools === undefined) return listed;
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = cursor === undefined ? undefined : { cursor };
    let nextCursor: string | undefined;
    try {
      const result = await client.listTools(params, options);
      listed.tools.push(...result.tools);
      nextCursor = result.nextCursor;
    } catch (error) {
      if (!isSchemaError(error)) throw error;
      nextCursor = await readPageToolByTool(client, params, options, listed);
    }
    cursor = nextCursor;
    if (cursor === undefined) {
      cacheUsable(client, listed);
      return listed;
    }
    if (seen.has(cursor)) throw new Error(`its tools/list paging repeats the cursor ${JSON.stringify(cursor)}`);
    seen.add(cursor);
  }
  throw new Error(`its tools/list has more than ${MAX_PAGES} pages`);
}

async function readPageToolByTool(client: Client, params: { cursor: string } | undefined, options: { timeout: number }, listed: ListedTools): Promise<string | undefined> {
  const result = (await client.request({ method: 'tools/list', params: params ?? {} }, ResultSchema, options)) as Record<string, unknown>;
  if (!Array.isArray(result.tools)) throw new Error('its tools/list result has no "tools" array');
  for (const raw of result.tools as unknown[]) {
    const parsed = ToolSchema.safeParse(raw);
    if (parsed.success) listed.tools.push(parsed.data);
    else listed.malformed.push({ tool: nameOf(raw), reason: `the server lists it in a form MCP does not allow: ${firstIssue(parsed.error)}` });
  }
  return typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
}

// The SDK's listTools() caches output-schema validators and task requirements for its own page only (each
// page clears the cache), so the module caches every page's tools once listing ends. The SDK compiles
// output schemas there; one that does not compile (or is too deep to) leaves its tool out.
function cacheUsable(client: Client, listed: ListedTools): void {
  const cache = (tools: McpTool[]) => (client as unknown as { cacheToolMetadata(tools: McpTool[]): void }).cacheToolMetadata(tools);
  try {
    cache(listed.tools);
    return;
  } catch {
    // find the culprits below
  }
  const usable: McpTool[] = [];
  for (const tool of listed.tools) {
    try {
      cache([tool]);
      usable.push(tool);
    } catch (error) {
      listed.malformed.push({ tool: tool.name, reason: `its outputSchema cannot be used: ${describeError(error)}` });
    }
  }
  listed.tools = usable;
  cache(usable);
}

function nameOf(raw: unknown): string {
  return typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string' ? (raw as { name: string }).name : '(unnamed)';
}

/**
 * The first problem a Zod error names, with its path.
 * @example
 * declare const error: unknown; // what the SDK's listTools() rejected with
 * describeSchemaError(error) // 'tools.1.inputSchema: Invalid input: expected object, received undefined'
 */
export function describeSchemaError(error: unknown): string {
  return firstIssue(error as { issues?: { path: PropertyKey[]; message: string }[] });
}

function firstIssue(error: { issues?: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues?.[0];
  if (!issue) return 'it does not match the Tool schema';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/**
 * Whether an SDK error is its result schema refusing an answer (a Zod error with its issues), not a protocol or transport failure.
 * @example
 * declare const error: unknown; // what the SDK's listTools() rejected with
 * isSchemaError(error) // true when one tool of the page lacks its inputSchema
 */
export function isSchemaError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof McpError) && Array.isArray((error as { issues?: unknown }).issues);
}
