// One connected MCP server, over the SDK's Client: listing tools (all pages), calling them
// with the Run's signal and a timeout, noticing the server's death on either transport.
// This file and the transports are loaded with import() on the first connect only.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, ResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolErrorCode, type ToolResult } from '../core.js';
import { toToolResult } from './callResult.js';
import type { ResolvedServer } from './expandEnv.js';
import { ProcessGroupTransport } from './processGroupTransport.js';
import { withTimeout } from './withTimeout.js';

/** What the module needs of a connected server. */
export interface ServerConnection {
  /** Every tool of `tools/list`, following `nextCursor`, as the server sent them. */
  listTools(): Promise<unknown[]>;
  /** Never throws: every failure is an error result. */
  callTool(name: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<ToolResult>;
  /** `notifications/tools/list_changed` arrived. */
  onToolsChanged(handler: () => void): void;
  /** The server ended without being asked to (process exit, connection lost). */
  onClosed(handler: (reason: string) => void): void;
  /** Why calls fail now, once the connection is closed. */
  readonly closedReason: string | undefined;
  /** The stdio server's process id (its process group id). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

const CLIENT_INFO = { name: 'tinyagent', version: '0.1.0' };
const MAX_PAGES = 1_000;
// A probe after a transport error: a dead HTTP server refuses the connection at once.
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Starts (stdio) or reaches (HTTP) a server, initialises the MCP session and returns it; throws a readable Error on failure.
 * @example const connection = await openConnection('fs', { type: 'stdio', command: 'mcp-fs', args: ['.'], env: {} }, { timeoutMs: 30_000 })
 */
export async function openConnection(server: string, resolved: ResolvedServer, options: { timeoutMs: number }): Promise<ServerConnection> {
  const transport = resolved.type === 'stdio'
    ? new ProcessGroupTransport({ command: resolved.command, args: resolved.args, env: resolved.env, cwd: resolved.cwd })
    : new StreamableHTTPClientTransport(resolved.url, { requestInit: { headers: resolved.headers } });
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const connection = new Connection(server, client, transport, resolved.type === 'http' ? resolved.url : undefined);
  try {
    await withTimeout(client.connect(transport, { timeout: options.timeoutMs }), options.timeoutMs, `did not complete the MCP handshake within ${options.timeoutMs} ms`);
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw new Error(connection.describeFailure(error));
  }
  connection.connected = true;
  return connection;
}

class Connection implements ServerConnection {
  readonly #server: string;
  readonly #client: Client;
  readonly #transport: Transport;
  /** Where an HTTP server is, without query or credentials (they may hold secrets). */
  readonly #location: string;
  /** Set once the handshake is done: before that, a failure is the connect's own. */
  connected = false;
  #closedReason: string | undefined;
  #closing = false;
  #probe: Promise<void> | undefined;
  readonly #closedHandlers: ((reason: string) => void)[] = [];

  constructor(server: string, client: Client, transport: Transport, url?: URL) {
    this.#server = server;
    this.#location = url ? `${url.origin}${url.pathname}` : server;
    this.#client = client;
    this.#transport = transport;
    client.onclose = () => this.#markClosed(this.#deathReason() ?? 'the connection closed');
    // HTTP: a broken stream is only an error to the SDK, which would wait for the call's timeout.
    client.onerror = (error) => {
      if (transport instanceof StreamableHTTPClientTransport) void this.#checkAlive(error);
    };
  }

  get closedReason(): string | undefined {
    return this.#closedReason;
  }

  get pid(): number | undefined {
    return this.#transport instanceof ProcessGroupTransport ? this.#transport.pid : undefined;
  }

  async listTools(): Promise<unknown[]> {
    if (this.#client.getServerCapabilities()?.tools === undefined) return [];
    const tools: unknown[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = (await this.#client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, ResultSchema)) as Record<string, unknown>;
      if (!Array.isArray(result.tools)) throw new Error('its tools/list result has no "tools" array');
      tools.push(...(result.tools as unknown[]));
      cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined;
      if (cursor === undefined) return tools;
      if (seen.has(cursor)) throw new Error(`its tools/list paging repeats the cursor ${JSON.stringify(cursor)}`);
      seen.add(cursor);
    }
    throw new Error(`its tools/list has more than ${MAX_PAGES} pages`);
  }

  async callTool(name: string, args: Record<string, unknown>, options: { signal: AbortSignal; timeoutMs: number }): Promise<ToolResult> {
    if (this.#closedReason !== undefined) return this.#closedResult();
    try {
      const result = await this.#client.request(
        { method: 'tools/call', params: { name, arguments: args } },
        ResultSchema,
        { signal: options.signal, timeout: options.timeoutMs },
      );
      return toToolResult(result);
    } catch (error) {
      if (options.signal.aborted) return { content: 'The call was cancelled.', isError: true, code: ToolErrorCode.toolError };
      if (!(error instanceof McpError)) await this.#checkAlive(error);
      if (this.#closedReason !== undefined) return this.#closedResult();
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        return {
          content: `MCP server "${this.#server}" did not answer ${JSON.stringify(name)} within ${options.timeoutMs} ms; the call was cancelled.`,
          isError: true,
          code: ToolErrorCode.timeout,
        };
      }
      return { content: `MCP server "${this.#server}" failed the call to ${JSON.stringify(name)}: ${messageOf(error)}`, isError: true, code: ToolErrorCode.toolError };
    }
  }

  onToolsChanged(handler: () => void): void {
    this.#client.setNotificationHandler(ToolListChangedNotificationSchema, () => handler());
  }

  onClosed(handler: (reason: string) => void): void {
    this.#closedHandlers.push(handler);
  }

  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    this.#closedReason ??= 'the connection was closed by the application';
    if (this.#transport instanceof StreamableHTTPClientTransport && this.#transport.sessionId !== undefined) {
      // DELETE ends the server's session; a server that is gone or slow must not hold close() up.
      await withTimeout(this.#transport.terminateSession(), 2_000, 'terminate').catch(() => undefined);
    }
    await this.#client.close();
  }

  /** A readable reason why connecting failed, with what a stdio server said on stderr. */
  describeFailure(error: unknown): string {
    const parts = [messageOf(error)];
    if (this.#transport instanceof StreamableHTTPClientTransport && !(error instanceof McpError)) {
      parts[0] = `cannot reach ${this.#location}: ${parts[0]}`;
    }
    if (this.#transport instanceof ProcessGroupTransport) {
      if (this.#transport.exitDescription && !this.#transport.closedByUs) parts[0] = `the server process ${this.#transport.exitDescription} before the MCP handshake completed`;
      if (this.#transport.stderrTail) parts.push(`stderr: ${this.#transport.stderrTail}`);
    }
    return parts.join('; ');
  }

  #deathReason(): string | undefined {
    if (!(this.#transport instanceof ProcessGroupTransport)) return undefined;
    const exit = this.#transport.exitDescription;
    if (exit === undefined) return undefined;
    const stderr = this.#transport.stderrTail;
    return `the server process ${exit}${stderr ? `; stderr: ${stderr.slice(-300)}` : ''}`;
  }

  // One probe at a time. The server answered (even with an error): alive. No answer: gone.
  #checkAlive(cause: unknown): Promise<void> {
    if (!this.connected || this.#closedReason !== undefined || this.#closing) return Promise.resolve();
    this.#probe ??= this.#client
      .ping({ timeout: PROBE_TIMEOUT_MS })
      .then(
        () => undefined,
        async (error: unknown) => {
          if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed && error.code !== ErrorCode.RequestTimeout) return;
          this.#markClosed(`the connection was lost (${messageOf(cause)}; ${messageOf(error)})`);
          await this.#client.close().catch(() => undefined);
        },
      )
      .finally(() => {
        this.#probe = undefined;
      });
    return this.#probe;
  }

  #markClosed(reason: string): void {
    if (this.#closedReason !== undefined) return;
    this.#closedReason = reason;
    for (const handler of this.#closedHandlers) handler(reason);
  }

  #closedResult(): ToolResult {
    return {
      content: `MCP server "${this.#server}" is closed (${this.#closedReason ?? 'unknown reason'}); its tools cannot be called.`,
      isError: true,
      code: ToolErrorCode.mcpServerClosed,
    };
  }
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
