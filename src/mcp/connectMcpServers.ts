// Attaching MCP servers to a registry: check and expand the whole config first, connect
// every server at once, register their tools in config order, keep them in sync.
import { ConfigurationError, type ToolRegistry } from '../core.js';
import { resolveOptions, type ResolvedOptions } from './connectOptions.js';
import { resolveServer, type ResolvedServer } from './expandEnv.js';
import type { ServerConnection } from './serverConnection.js';
import { ServerTools } from './serverTools.js';
import { withTimeout } from './withTimeout.js';
import type { ConnectMcpServersOptions, McpConfig, McpServerMap, McpServers, McpServerState, McpServerStatus } from './types.js';
import { serverMapOf } from './validateConfig.js';

/**
 * Connects every configured server and registers its tools as `mcp__<server>__<tool>`; resolves once each is connected or failed.
 * @example
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

type Open = (server: string, resolved: ResolvedServer, options: { timeoutMs: number }) => Promise<ServerConnection>;

class ServerEntry {
  readonly #name: string;
  readonly #resolved: ResolvedServer;
  readonly #options: ResolvedOptions;
  readonly #tools: ServerTools;
  #state: McpServerState | 'connecting' = 'connecting';
  #error: string | undefined;
  #connection: ServerConnection | undefined;
  #resync: Promise<void> = Promise.resolve();
  #resyncQueued = false;
  #ready = false;

  constructor(name: string, resolved: ResolvedServer, registry: ToolRegistry, options: ResolvedOptions) {
    this.#name = name;
    this.#resolved = resolved;
    this.#options = options;
    this.#tools = new ServerTools(registry, {
      server: name,
      trusted: options.trusted.has(name),
      needsApproval: options.needsApproval,
      call: (tool, args, ctx) => this.#connection!.callTool(tool, args, { signal: ctx.signal, timeoutMs: options.callTimeoutMs }),
    });
  }

  /** Connects and lists the tools; a failure is this server's state, never thrown. */
  async connect(open: Open): Promise<unknown[] | undefined> {
    const timeoutMs = this.#options.connectTimeoutMs;
    let connection: ServerConnection | undefined;
    try {
      connection = await open(this.#name, this.#resolved, { timeoutMs });
      connection.onClosed((reason) => this.#closedUnexpectedly(reason));
      connection.onToolsChanged(() => this.#queueResync());
      const tools = await withTimeout(connection.listTools(), timeoutMs, `did not list its tools within ${timeoutMs} ms`);
      this.#connection = connection;
      this.#state = 'connected';
      return tools;
    } catch (error) {
      await connection?.close().catch(() => undefined);
      this.#state = 'failed';
      this.#error = error instanceof Error ? error.message : String(error);
      return undefined;
    }
  }

  registerInitial(tools: unknown[] | undefined): void {
    if (tools === undefined || this.#state !== 'connected') return;
    this.#tools.sync(tools);
    this.#ready = true;
    if (this.#resyncQueued) {
      this.#resyncQueued = false;
      this.#queueResync();
    }
  }

  status(): McpServerStatus {
    const status: McpServerStatus = {
      server: this.#name,
      transport: this.#resolved.type,
      state: this.#state === 'connecting' ? 'failed' : this.#state,
      tools: this.#tools.tools,
      skipped: this.#tools.skipped,
      withdrawn: this.#tools.withdrawn,
      ignoredKeywords: this.#tools.ignoredKeywords,
    };
    if (this.#connection?.pid !== undefined) status.pid = this.#connection.pid;
    if (this.#error !== undefined) status.error = this.#error;
    return status;
  }

  async close(): Promise<void> {
    if (this.#state === 'connected') this.#state = 'closed';
    await this.#connection?.close();
  }

  #closedUnexpectedly(reason: string): void {
    if (this.#state !== 'connected') return;
    this.#state = 'closed';
    this.#error = reason;
  }

  // list_changed: one re-sync at a time, and at most one waiting (it will see the latest list).
  #queueResync(): void {
    if (!this.#ready) {
      this.#resyncQueued = true;
      return;
    }
    if (this.#resyncQueued) return;
    this.#resyncQueued = true;
    this.#resync = this.#resync.then(async () => {
      this.#resyncQueued = false;
      if (this.#state !== 'connected' || this.#connection === undefined) return;
      try {
        this.#tools.sync(await this.#connection.listTools());
      } catch (error) {
        // The registered tools stay as they were; the next list_changed tries again.
        this.#error = `re-listing tools after list_changed failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    });
  }
}
