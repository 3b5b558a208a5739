// Attaching MCP servers to a registry: check and expand the whole config first, connect
// every server at once, register their tools in config order, keep them in sync.
import { ConfigurationError, type ToolRegistry } from '../core.js';
import { resolveOptions } from './connectOptions.js';
import { resolveServer } from './expandEnv.js';
import { ServerEntry } from './serverEntry.js';
import type { ConnectMcpServersOptions, McpConfig, McpServerMap, McpServers } from './types.js';
import { serverMapOf } from './validateConfig.js';

/**
 * Connects every configured server and registers its tools as `mcp__<server>__<tool>`; resolves once each is connected or failed.
 * @example
 * import { createAgent, loadMcpConfig } from 'tinyagent';
 * const agent = createAgent({ provider });
 * const mcp = await connectMcpServers(await loadMcpConfig('.mcp.json'), agent.tools, { trusted: ['fs'] });
 * console.log(mcp.status());
 * await mcp.close();
 */
export async function connectMcpServers(
  config: McpConfig | McpServerMap,
  registry: ToolRegistry,
  options: ConnectMcpServersOptions = {},
): Promise<McpServers> {
  const map = serverMapOf(config);
  const names = Object.keys(map);
  const resolvedOptions = resolveOptions(options, names);
  if (typeof (registry as Partial<ToolRegistry> | null)?.register !== 'function') {
    throw new ConfigurationError('connectMcpServers: registry must be a ToolRegistry (e.g. agent.tools).');
  }
  // Every entry is checked and expanded before any server starts.
  const resolved = names.map((name) => [name, resolveServer(name, map[name]!, resolvedOptions.env)] as const);
  const servers = resolved.map(([name, server]) => new ServerEntry(name, server, registry, resolvedOptions));
  if (servers.length > 0) {
    const { openConnection } = await import('./serverConnection.js'); // the MCP SDK loads here, on first use
    const listed = await Promise.all(servers.map((server) => server.connect(openConnection)));
    servers.forEach((server, index) => server.registerInitial(listed[index]));
  }
  let closing: Promise<void> | undefined;
  return {
    status: () => servers.map((server) => server.status()),
    close: () => (closing ??= Promise.all(servers.map((server) => server.close())).then(() => undefined)),
  };
}
