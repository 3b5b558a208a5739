// One connected MCP server, over the SDK's Client: `listTools()` (all pages), `callTool()`
// with the Run's signal and a timeout, `listChanged`, elicitation, OAuth, and noticing the
// server's death on either transport. Loaded with import() on the first connect only.
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ToolErrorCode, type ToolResult } from '../core.js';
import { describeError } from '../capabilities/shared/coreHelpers.js';
import { McpErrorCode } from './mcpErrorCodes.js';
import { toToolResult } from './callResult.js';
import { CLIENT_INFO } from './clientInfo.js';
import { answerElicitations, ELICITATION_CAPABILITY } from './elicitation.js';
import type { McpElicitationHandler } from './elicitationTypes.js';
import type { ResolvedServer } from './expandEnv.js';
import { describeSchemaError, isSchemaError, listAllTools, type ListedTools } from './listTools.js';
import { StoredOAuthProvider } from './oauth/storedOAuthProvider.js';
import { MESSAGE_TOO_LARGE, ProcessGroupTransport } from './processGroupTransport.js';
import { abortable, withTimeout } from './withTimeout.js';

/** What the module needs of a connected server. */
/** Options of one `tools/call`: its signal, its time limit, and the W3C trace context of the
 * calling span, sent as `params._meta.traceparent` (docs/tracing.md). */
export interface CallOptions {
  signal: AbortSignal;
  timeoutMs: number;
  traceparent?: string;
}

export interface ServerConnection {
  /** Every tool of `tools/list`, following `nextCursor`, and the malformed ones. */
  listTools(): Promise<ListedTools>;
  /** Never throws: every failure is an error result. */
  callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<ToolResult>;
  /** The server ended without being asked to (process exit, connection lost). */
  onClosed(handler: (reason: string) => void): void;
  /** Why calls fail now, once the connection is closed. */
  readonly closedReason: string | undefined;
  /** The stdio server's process id (its process group id). */
  readonly pid: number | undefined;
  close(): Promise<void>;
}

/** How to open one server. */
export interface OpenOptions {
  timeoutMs: number;
  /** Aborting it gives up connecting (also a wait for an authorization code). */
  signal: AbortSignal;
  /** `notifications/tools/list_changed` arrived (through the SDK's `listChanged`). */
  onToolsChanged: () => void;
  onElicitation?: McpElicitationHandler;
  /** An HTTP server's OAuth client, when the application configured OAuth (or the entry gave its own). */
  authProvider?: OAuthClientProvider;
}

// A probe after a transport error: a dead HTTP server refuses the connection at once.
const PROBE_TIMEOUT_MS = 5_000;
// 401, authorize, connect again: twice at most (a server that keeps refusing new tokens is failed).
const MAX_AUTHORIZATIONS = 2;

/**
 * Starts (stdio) or reaches (HTTP) a server, initialises the MCP session and lists its tools; throws a readable Error on failure.
 * A server that asks for authorization on the way gets it (the person is asked once) and is connected again.
 * @example
 * import type { ResolvedServer } from './expandEnv.js';
 * declare const resolved: ResolvedServer; // an entry of the config, checked and expanded
 * const signal = AbortSignal.timeout(60_000);
 * const { connection, tools } = await openConnection('fs', resolved, { timeoutMs: 30_000, signal, onToolsChanged: () => {} })
 */
export async function openConnection(server: string, resolved: ResolvedServer, options: OpenOptions): Promise<{ connection: ServerConnection; tools: ListedTools }> {
  for (let authorizations = 0; ; authorizations++) {
    const connection = new Connection(server, resolved, options);
    try {
      const tools = await withTimeout(connection.connectAndList(options.timeoutMs), options.timeoutMs, `did not connect and list its tools within ${options.timeoutMs} ms`, options.signal);
      connection.connected = true;
      return { connection, tools };
    } catch (error) {
      await connection.close().catch(() => undefined);
      if (!(error instanceof UnauthorizedError) || authorizations >= MAX_AUTHORIZATIONS || options.signal.aborted) throw new Error(connection.describeFailure(error));
      let authorized: boolean;
      try {
        authorized = await abortable(connection.completeAuthorization(), options.signal);
      } catch (authError) {
        throw new Error(resolved.redact(`authorization failed: ${describeError(authError)}`));
      }
      if (!authorized) throw new Error(connection.describeFailure(error));
    }
  }
}

class Connection implements ServerConnection {
  readonly #server: string;
  readonly #client: Client;
  readonly #transport: Transport;
  readonly #redact: (text: string) => string;
  readonly #authProvider: OAuthClientProvider | undefined;
  readonly #listTimeoutMs: number;
  /** Where an HTTP server is, without query or credentials (they may hold secrets). */
  readonly #location: string;
  /** Set once the handshake is done: before that, a failure is the connect's own. */
  connected = false;
  #closedReason: string | undefined;
  #closing = false;
  #probe: Promise<void> | undefined;
  readonly #closedHandlers: ((reason: string) => void)[] = [];

  constructor(server: string, resolved: ResolvedServer, options: OpenOptions) {
    this.#server = server;
    this.#redact = resolved.redact;
    this.#authProvider = options.authProvider;
    this.#listTimeoutMs = options.timeoutMs;
    this.#location = resolved.type === 'http' ? `${resolved.url.origin}${resolved.url.pathname}` : server;
    this.#transport = resolved.type === 'stdio'
      ? new ProcessGroupTransport({ command: resolved.command, args: resolved.args, env: resolved.env, cwd: resolved.cwd })
      : new StreamableHTTPClientTransport(resolved.url, { requestInit: { headers: resolved.headers }, authProvider: options.authProvider });
    this.#client = new Client(CLIENT_INFO, {
      capabilities: options.onElicitation ? structuredClone(ELICITATION_CAPABILITY) : {},
      // The SDK debounces and routes list_changed; the module re-lists every page itself.
      listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => options.onToolsChanged() } },
    });
    if (options.onElicitation) answerElicitations(this.#client, server, options.onElicitation);
    this.#client.onclose = () => this.#markClosed(this.#deathReason() ?? 'the connection closed');
    // HTTP: a broken stream is only an error to the SDK, which would wait for the call's timeout.
    this.#client.onerror = (error) => {
      if (this.#transport instanceof StreamableHTTPClientTransport) void this.#checkAlive(error);
    };
  }

  async connectAndList(timeoutMs: number): Promise<ListedTools> {
    await this.#client.connect(this.#transport, { timeout: timeoutMs });
    return listAllTools(this.#client, { timeout: timeoutMs });
  }

  /** Finishes the authorization a 401 or 403 started (tinyagent's own provider only); false when there is none. */
  completeAuthorization(): Promise<boolean> {
    const transport = this.#transport;
    const provider = this.#authProvider;
    if (!(provider instanceof StoredOAuthProvider) || !(transport instanceof StreamableHTTPClientTransport)) return Promise.resolve(false);
    return provider.completeAuthorization((code) => transport.finishAuth(code));
  }

  get closedReason(): string | undefined {
    return this.#closedReason;
  }

  get pid(): number | undefined {
    return this.#transport instanceof ProcessGroupTransport ? this.#transport.pid : undefined;
  }

  listTools(): Promise<ListedTools> {
    return listAllTools(this.#client, { timeout: this.#listTimeoutMs });
  }

  async callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<ToolResult> {
    if (this.#closedReason !== undefined) return this.#closedResult();
    for (let authorizations = 0; ; authorizations++) {
      try {
        const result = await this.#client.callTool(
          { name, arguments: args, ...(options.traceparent === undefined ? {} : { _meta: { traceparent: options.traceparent } }) },
          undefined, { signal: options.signal, timeout: options.timeoutMs });
        return toToolResult(result);
      } catch (error) {
        if (error instanceof UnauthorizedError && authorizations < MAX_AUTHORIZATIONS && !options.signal.aborted) {
          // Step-up (or an expired grant): the person authorizes, the call is sent again.
          const authorized = await abortable(this.completeAuthorization(), options.signal).catch(() => false);
          if (authorized) continue;
        }
        return this.#failedCall(name, error, options);
      }
    }
  }

  async #failedCall(name: string, error: unknown, options: { signal: AbortSignal; timeoutMs: number }): Promise<ToolResult> {
    if (options.signal.aborted) return { content: 'The call was cancelled.', isError: true, code: ToolErrorCode.toolError };
    if (error instanceof McpError && (error.data as { reason?: unknown } | undefined)?.reason === MESSAGE_TOO_LARGE) {
      return { content: `MCP server "${this.#server}" answered ${JSON.stringify(name)} with a result too large to read: ${error.message}.`, isError: true, code: ToolErrorCode.toolError };
    }
    if (!(error instanceof McpError)) await this.#checkAlive(error);
    if (this.#closedReason !== undefined) return this.#closedResult();
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return {
        content: `MCP server "${this.#server}" did not answer ${JSON.stringify(name)} within ${options.timeoutMs} ms; the call was cancelled.`,
        isError: true,
        code: McpErrorCode.timeout,
      };
    }
    const what = isSchemaError(error) ? `returned a malformed result for ${JSON.stringify(name)}: ${describeSchemaError(error)}` : `failed the call to ${JSON.stringify(name)}: ${describeError(error)}`;
    return { content: this.#redact(`MCP server "${this.#server}" ${what}`), isError: true, code: ToolErrorCode.toolError };
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
    await this.#transport.close(); // a transport the client never started (connect failed early)
  }

  /** A readable reason why connecting failed, with what a stdio server said on stderr; secrets redacted. */
  describeFailure(error: unknown): string {
    const parts = [describeError(error)];
    if (error instanceof UnauthorizedError || (error as { code?: unknown } | null)?.code === 401) {
      parts[0] = `${this.#location} requires authorization${this.#authProvider ? '' : ' (give connectMcpServers an oauth option)'}: ${parts[0]}`;
    }
    else if (this.#transport instanceof StreamableHTTPClientTransport && !(error instanceof McpError)) {
      parts[0] = `cannot reach ${this.#location}: ${parts[0]}`;
    }
    if (this.#transport instanceof ProcessGroupTransport) {
      if (this.#transport.exitDescription && !this.#transport.closedByUs) parts[0] = `the server process ${this.#transport.exitDescription} before the MCP handshake completed`;
      if (this.#transport.stderrTail) parts.push(`stderr: ${this.#transport.stderrTail}`);
    }
    return this.#redact(parts.join('; '));
  }

  #deathReason(): string | undefined {
    if (!(this.#transport instanceof ProcessGroupTransport)) return undefined;
    if (this.#transport.failure !== undefined) return this.#redact(this.#transport.failure);
    const exit = this.#transport.exitDescription;
    if (exit === undefined) return undefined;
    const stderr = this.#transport.stderrTail;
    return this.#redact(`the server process ${exit}${stderr ? `; stderr: ${stderr.slice(-300)}` : ''}`);
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
          this.#markClosed(this.#redact(`the connection was lost (${describeError(cause)}; ${describeError(error)})`));
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
      code: McpErrorCode.serverClosed,
    };
  }
}
