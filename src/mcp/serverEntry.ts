// One configured server over its lifetime: connecting (a failure is its state, never
// thrown), initial registration, list_changed re-syncs one at a time, death and close.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { toolCallTraceparent, type ToolRegistry } from '../core.js';
import type { ResolvedOptions } from './connectOptions.js';
import type { ResolvedServer } from './expandEnv.js';
import type { ListedTools } from './listTools.js';
import type { OpenOptions, ServerConnection } from './serverConnection.js';
import { ServerTools } from './serverTools.js';
import type { McpServerState, McpServerStatus } from './types.js';
import { describeError } from '../capabilities/shared/coreHelpers.js';

/** Opens one server's connection (serverConnection.ts, loaded on first use). */
export type Open = (server: string, resolved: ResolvedServer, options: OpenOptions) => Promise<{ connection: ServerConnection; tools: ListedTools }>;

/** Makes the OAuth provider of an HTTP server (oauth/, loaded with the SDK). */
export type MakeAuthProvider = (server: string, resolved: ResolvedServer & { type: 'http' }, signal: AbortSignal) => OAuthClientProvider | undefined;

/** One configured server: its connection, its state, and its tools in the registry. */
export class ServerEntry {
  readonly #name: string;
  readonly #resolved: ResolvedServer;
  readonly #options: ResolvedOptions;
  readonly #tools: ServerTools;
  /** Aborted when connecting is given up: by the application's signal or by close(). */
  readonly #connecting = new AbortController();
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
      call: (tool, args, ctx) => this.#connection!.callTool(tool, args, {
          signal: ctx.signal,
          timeoutMs: options.callTimeoutMs,
          traceparent: toolCallTraceparent(ctx),
        }),
    });
  }

  /** Connects and lists the tools; a failure is this server's state, never thrown. */
  async connect(open: Open, makeAuthProvider: MakeAuthProvider): Promise<ListedTools | undefined> {
    const timeoutMs = this.#options.connectTimeoutMs;
    const signal = this.#options.signal ? AbortSignal.any([this.#options.signal, this.#connecting.signal]) : this.#connecting.signal;
    let connection: ServerConnection | undefined;
    try {
      const resolved = this.#resolved;
      const authProvider = resolved.type === 'http' ? makeAuthProvider(this.#name, resolved, signal) : undefined;
      const opened = await open(this.#name, resolved, {
        timeoutMs,
        signal,
        onToolsChanged: () => this.#queueResync(),
        ...(this.#options.onElicitation ? { onElicitation: this.#options.onElicitation } : {}),
        ...(authProvider ? { authProvider } : {}),
      });
      connection = opened.connection;
      connection.onClosed((reason) => this.#closedUnexpectedly(reason));
      this.#connection = connection;
      this.#state = 'connected';
      return opened.tools;
    } catch (error) {
      await connection?.close().catch(() => undefined);
      this.#state = 'failed';
      this.#error = this.#resolved.redact(describeError(error));
      return undefined;
    }
  }

  /** Registers the first tool list (in config order, after every server connected), then any list_changed that came meanwhile. */
  registerInitial(listed: ListedTools | undefined): void {
    if (listed === undefined || this.#state !== 'connected') return;
    this.#tools.sync(listed);
    this.#ready = true;
    if (this.#resyncQueued) {
      this.#resyncQueued = false;
      this.#queueResync();
    }
  }

  /** A fresh copy of what `McpServers.status()` reports for this server. */
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

  /** Closed as asked: `error` stays unset. A server still connecting is given up (its process ended). */
  async close(): Promise<void> {
    this.#connecting.abort(new Error('connectMcpServers: closed while connecting'));
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
        this.#error = this.#resolved.redact(`re-listing tools after list_changed failed: ${describeError(error)}`);
      }
    });
  }
}
