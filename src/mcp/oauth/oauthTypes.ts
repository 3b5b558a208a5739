// Public shapes of OAuth for HTTP MCP servers: where the authorization code comes from and
// where each server's client registration and tokens are kept.
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** What is kept per server: the registered client, its tokens, and the server URL they belong to. */
export interface McpOAuthState {
  serverUrl: string;
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
}

/** Keeps each server's OAuth state between connects (and, for a file store, between runs). */
export interface McpOAuthStore {
  load(server: string): Promise<McpOAuthState | undefined>;
  save(server: string, state: McpOAuthState): Promise<void>;
  /** Forgets the server's client and tokens (a logout). */
  delete(server: string): Promise<void>;
}

/** The `oauth` option of `connectMcpServers`. */
export interface McpOAuthOptions {
  /**
   * Shows the person `authorizationUrl` (a browser) and resolves with the `code` the authorization server
   * redirects back with; `signal` is aborted when connecting is given up.
   */
  getAuthorizationCode(server: string, authorizationUrl: URL, options: { signal: AbortSignal }): Promise<string>;
  /** Default: in memory, for the life of the `connectMcpServers` handle. */
  store?: McpOAuthStore;
  /** Where the authorization server sends the person back. Default `http://127.0.0.1/callback`. */
  redirectUri?: string;
  /** The name registered with dynamic client registration. Default `tinyagent`. */
  clientName?: string;
  /** An HTTPS URL of a client metadata document, used as client id where the authorization server supports it. */
  clientMetadataUrl?: string;
}
