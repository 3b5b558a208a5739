// The tools a CLI Run offers: the built-in kinds `--tools` names, the skill tool, the MCP
// servers of `--mcp-config`, minus the tools `--disallowed-tools` names without a specifier. Writing tools, shell and
// MCP tools need approval; only read-only tools of servers in `--mcp-trust` (their
// `readOnlyHint` believed) do not. The file tools refuse the sessions folder.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import {
  connectMcpServers,
  createFileTools,
  createShellTool,
  createSkillTool,
  loadMcpConfig,
  loadSkills,
  ToolRegistry,
  type McpElicitationHandler,
  type McpServers,
  type Tool,
} from '../../index.js';
import { cliOAuth, type CliOAuthOptions } from '../mcp/cliOAuth.js';
import { UsageError } from '../usageError.js';
import { visibleControls } from '../render/visibleControls.js';

export type ToolKind = 'read' | 'write' | 'shell' | 'none';
export const TOOL_KINDS: readonly ToolKind[] = ['read', 'write', 'shell', 'none'];

export interface CliToolOptions {
  kinds: readonly ToolKind[];
  cwd: string;
  /** Folders the file tools refuse (the sessions folder). */
  exclude: readonly string[];
  /** Undefined: `.agents/skills` under cwd and `~/.agents/skills`, those that exist. */
  skills?: readonly string[];
  mcpConfig?: string;
  mcpTrust: readonly string[];
  /** Tools not to offer (`--disallowed-tools` without a specifier). */
  hides(toolName: string): boolean;
  /** Answers the servers' questions (elicitation). */
  onElicitation?: McpElicitationHandler;
  /** How HTTP servers that need authorization get it. */
  oauth?: Omit<CliOAuthOptions, 'store'>;
  /** Aborting it stops the MCP servers that are still connecting (they end up `failed`). */
  signal: AbortSignal;
  /** Warnings (skill problems, failed servers, patterns that match nothing). */
  warn(message: string): void;
}

function builtinTools(kinds: readonly ToolKind[], cwd: string, exclude: readonly string[]): Tool[] {
  if (kinds.includes('none')) {
    if (kinds.length > 1) throw new UsageError('--tools none cannot be combined with other kinds');
    return [];
  }
  const tools: Tool[] = [];
  if (kinds.includes('write')) tools.push(...createFileTools({ root: cwd, write: true, needsApproval: true, exclude }));
  else if (kinds.includes('read')) tools.push(...createFileTools({ root: cwd, write: false, exclude }));
  if (kinds.includes('shell')) tools.push(createShellTool({ cwd, needsApproval: true }));
  return tools;
}

async function skillTools(dirs: readonly string[] | undefined, cwd: string, warn: (message: string) => void): Promise<Tool[]> {
  const chosen = dirs ?? [path.join(cwd, '.agents', 'skills'), path.join(homedir(), '.agents', 'skills')].filter((dir) => existsSync(dir));
  if (chosen.length === 0) return [];
  const { skills, problems } = await loadSkills(chosen.map((dir) => path.resolve(process.cwd(), dir)));
  for (const problem of problems) warn(`skill ${visibleControls(problem.path)}: ${visibleControls(problem.reason)}`);
  return skills.length > 0 ? [createSkillTool(skills)] : [];
}

// A trusted server's read-only tool runs without approval; every other MCP tool asks.
function withoutApprovalIfReadOnly(tool: Tool): Tool {
  if (tool.readOnly !== true) return tool;
  const { needsApproval: _asked, ...rest } = tool;
  return rest;
}

/** The assembled tools, the names of those hidden, and the MCP servers to close when the command ends. */
export interface CliTools {
  tools: Tool[];
  hidden: string[];
  mcp: McpServers | undefined;
  /** Closes the MCP servers and the OAuth redirect. */
  close(): Promise<void>;
}

/**
 * Builds the Run's tools; `close()` must be awaited when the command ends (also on failure).
 * @example
 * const assembled = await cliTools({ kinds: ['read'], cwd: '.', exclude: [], mcpTrust: [], hides: () => false, signal: new AbortController().signal, warn: console.warn });
 * await assembled.close();
 */
export async function cliTools(options: CliToolOptions): Promise<CliTools> {
  const staging = new ToolRegistry([...builtinTools(options.kinds, options.cwd, options.exclude), ...(await skillTools(options.skills, options.cwd, options.warn))]);
  const builtinNames = new Set(staging.list().map((tool) => tool.name));
  let mcp: McpServers | undefined;
  let closeOAuth = async () => {};
  const close = async () => {
    await mcp?.close();
    await closeOAuth();
  };
  if (options.mcpConfig !== undefined) {
    const config = await loadMcpConfig(path.resolve(process.cwd(), options.mcpConfig));
    const oauth = options.oauth ? await cliOAuth(config, options.oauth) : undefined;
    if (oauth) closeOAuth = () => oauth.close();
    try {
      mcp = await connectMcpServers(config, staging, { trusted: options.mcpTrust, needsApproval: true, signal: options.signal, onElicitation: options.onElicitation, oauth: oauth?.options });
    } catch (error) {
      await closeOAuth();
      throw error;
    }
    if (options.signal.aborted) return { tools: [], hidden: [], mcp, close };
    for (const server of mcp.status()) {
      if (server.state === 'failed') options.warn(`MCP server ${visibleControls(server.server)} failed: ${visibleControls(server.error ?? 'unknown error')}`);
    }
  } else if (options.mcpTrust.length > 0) {
    throw new UsageError('--mcp-trust names servers, but no --mcp-config is given');
  }
  const all = staging.list();
  const tools = all.filter((tool) => !options.hides(tool.name)).map((tool) => (builtinNames.has(tool.name) ? tool : withoutApprovalIfReadOnly(tool)));
  return { tools, hidden: all.filter((tool) => options.hides(tool.name)).map((tool) => tool.name), mcp, close };
}
