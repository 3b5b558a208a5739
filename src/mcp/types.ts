// Public shapes of the MCP capability module: server configuration, options, status.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpElicitationHandler } from './elicitationTypes.js';
import type { McpOAuthOptions } from './oauth/oauthTypes.js';

/** A server started as a child process that speaks MCP over its stdin/stdout. */
export interface McpStdioServerConfig {
  type?: 'stdio';
  command: string;
  args?: string[];
  /** Added to a minimal inherited environment (HOME, LOGNAME, PATH, SHELL, TERM, USER). */
  env?: Record<string, string>;
  cwd?: string;
}

/** A server reached over MCP Streamable HTTP. */
export interface McpHttpServerConfig {
  type: 'http';
  url: string;
  headers?: Record<string, string>;
  /** A client registered in advance with the server's authorization server (no dynamic registration then). */
  oauth?: McpOAuthClientConfig;
  /** The application's own OAuth provider for this server, used instead of `connectMcpServers`' `oauth` option. */
  authProvider?: OAuthClientProvider;
}

/** A pre-registered OAuth client of an HTTP server; `${VAR}` is expanded in each field. */
export interface McpOAuthClientConfig {
  clientId: string;
  /** For a confidential client; redacted from every error. */
  clientSecret?: string;
  /** Asked for when neither the server nor its metadata says which scope to ask for. */
  scope?: string;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** Server name → server; the `mcpServers` map of a `.mcp.json` file. */
export type McpServerMap = Record<string, McpServerConfig>;

/** The content of a `.mcp.json` file. */
export interface McpConfig {
  mcpServers: McpServerMap;
}

/** Options of `connectMcpServers`. */
export interface ConnectMcpServersOptions {
  /** Servers whose `readOnlyHint` is believed: their read-only tools become `readOnly` and `concurrencySafe`. */
  trusted?: readonly string[];
  /** Per call; a call past it gets an error result with code `timeout`. Default 60 000. */
  callTimeoutMs?: number;
  /** Per server, from start to its first tool list; a server past it is `failed`. Default 30 000. */
  connectTimeoutMs?: number;
  /** `true`: every MCP tool needs approval; a list: the registered names (`mcp__fs__write_file`) that do. */
  needsApproval?: boolean | readonly string[];
  /** Where `${VAR}` is looked up. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /**
   * Answers a server's `elicitation/create` (a form to fill, or a URL to visit). Given: the client declares
   * the elicitation capability (form and URL modes); not given: it declares none and servers do not ask.
   */
  onElicitation?: McpElicitationHandler;
  /** OAuth for HTTP servers that answer 401: how to get the authorization code, where to keep tokens. */
  oauth?: McpOAuthOptions;
  /**
   * Aborting it stops whatever is still connecting (its processes are ended, it is `failed`); the call still
   * resolves with a handle. Install signal handlers that abort it before connecting.
   */
  signal?: AbortSignal;
}

export type McpServerState = 'connected' | 'failed' | 'closed';

/** A server tool that is not in the registry, and why. */
export interface McpSkippedTool {
  /** The server's own name of the tool. */
  tool: string;
  reason: string;
  /** The registry's refusal code, e.g. `duplicate_tool`, `invalid_tool_schema`. */
  code?: string;
}

/** A registered tool that no longer runs: the server removed or changed it. */
export interface McpWithdrawnTool {
  tool: string;
  /** Its registered name; calls to it get an error result. */
  name: string;
  reason: string;
}

/** Schema keywords the registry refused and that were dropped from a tool's schema. */
export interface McpIgnoredKeywords {
  tool: string;
  name: string;
  keywords: string[];
}

/** One server, as `status()` reports it. */
export interface McpServerStatus {
  server: string;
  transport: 'stdio' | 'http';
  state: McpServerState;
  /** Registered names of this server's tools, withdrawn ones excluded (once the server is closed, calls get `mcp_server_closed`). */
  tools: string[];
  skipped: McpSkippedTool[];
  withdrawn: McpWithdrawnTool[];
  ignoredKeywords: McpIgnoredKeywords[];
  /** A stdio server's process id (it leads its own process group), once started. */
  pid?: number;
  /** Why the server failed or closed, when it did not go as asked. */
  error?: string;
}

/** The servers `connectMcpServers` attached to a registry. */
export interface McpServers {
  /** Every configured server, in configuration order. */
  status(): McpServerStatus[];
  /** Ends every server (stdio: the whole process group; HTTP: the session). Idempotent. */
  close(): Promise<void>;
}
