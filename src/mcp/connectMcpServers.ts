// Attaching MCP servers to a registry: check and expand the whole config first, connect
// every server at once, register their tools in config order, keep them in sync.
import { ConfigurationError, type ToolRegistry } from '../core.js';
import { resolveOptions, type ResolvedOptions } from './connectOptions.js';
import { resolveServer } from './expandEnv.js';
import { loadServerConnection } from './loadServerConnection.js';
import { ServerEntry, type MakeAuthProvider } from './serverEntry.js';
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
  let closing: Promise<void> | undefined;
  const handle: McpServers = {
    status: () => servers.map((server) => server.status()),
    close: () => (closing ??= Promise.all(servers.map((server) => server.close())).then(() => undefined)),
  };
  if (servers.length === 0) return handle;
  const [{ openConnection }, makeAuthProvider] = await Promise.all([
    loadServerConnection(), // the MCP SDK loads here, on first use
    authProviders(resolvedOptions),
  ]);
  const listed = await Promise.all(servers.map((server) => server.connect(openConnection, makeAuthProvider)));
  servers.forEach((server, index) => server.registerInitial(listed[index]));
  return handle;
}

// An entry's own authProvider wins; otherwise the `oauth` option makes one per HTTP server.
async function authProviders(options: ResolvedOptions): Promise<MakeAuthProvider> {
  const { oauth } = options;
  const { StoredOAuthProvider } = oauth ? await import('./oauth/storedOAuthProvider.js') : { StoredOAuthProvider: undefined };
  return (server, resolved, signal) => {
    if (resolved.authProvider !== undefined) return resolved.authProvider as ReturnType<MakeAuthProvider>;
    if (!oauth || !StoredOAuthProvider) return undefined;
    return new StoredOAuthProvider(server, resolved.url, oauth, oauth.store, resolved.oauth, signal);
  };
}
