// OAuth for the HTTP MCP servers of a CLI command: tokens per server in the user's config
// folder, and the authorization code from the browser through a loopback redirect on
// 127.0.0.1. A command that may not open a browser (no terminal, nothing in
// TINYAGENT_BROWSER) refuses instead and names `tinyagent mcp login`.
import { createFileOAuthStore, createLoopbackRedirect, type McpConfig, type McpOAuthOptions, type McpOAuthStore } from '../../index.js';
import { oauthDir } from '../paths.js';
import { visibleControls } from '../render/visibleControls.js';
import { browserFor } from './browser.js';

export interface CliOAuthOptions {
  env: Record<string, string | undefined>;
  /** Whether a browser may be opened (a terminal, or TINYAGENT_BROWSER). */
  interactive: boolean;
  /** A line on stderr. */
  note(message: string): void;
  /** Default: the file store in the user's config folder. */
  store?: McpOAuthStore;
}

/** The `oauth` option, and the loopback redirect to close when the command ends. */
export interface CliOAuth {
  options: McpOAuthOptions;
  /** Servers the person was asked to authorize. */
  asked: string[];
  close(): Promise<void>;
}

/**
 * The file store of the CLI's OAuth state.
 * @example await cliOAuthStore(process.env).delete('docs')
 */
export function cliOAuthStore(env: Record<string, string | undefined>): McpOAuthStore {
  return createFileOAuthStore({ dir: oauthDir(env) });
}

/**
 * Whether a browser may be opened for this command: stderr is a terminal, or TINYAGENT_BROWSER names a program.
 * @example mayOpenBrowser(process.env, process.stderr.isTTY === true)
 */
export function mayOpenBrowser(env: Record<string, string | undefined>, terminal: boolean): boolean {
  return terminal || (env.TINYAGENT_BROWSER?.trim() ?? '') !== '';
}

/**
 * OAuth for the configuration's HTTP servers; undefined when it has none (no port is opened).
 * @example
 * const config = { mcpServers: { docs: { type: 'http' as const, url: 'https://docs.example.com/mcp' } } };
 * const oauth = await cliOAuth(config, { env: process.env, interactive: true, note: console.error });
 * await oauth?.close();
 */
export async function cliOAuth(config: McpConfig, options: CliOAuthOptions): Promise<CliOAuth | undefined> {
  if (!Object.values(config.mcpServers).some((entry) => 'type' in entry && entry.type === 'http')) return undefined;
  const open = browserFor(options.env);
  const asked: string[] = [];
  const redirect = await createLoopbackRedirect({ openBrowser: open });
  const getAuthorizationCode: McpOAuthOptions['getAuthorizationCode'] = (server, url, context) => {
    asked.push(server);
    if (!options.interactive) {
      return Promise.reject(new Error(`it needs authorization and there is no terminal to open a browser from: run \`tinyagent mcp login ${server}\` first`));
    }
    options.note(`MCP server ${visibleControls(server)} needs authorization: opening ${visibleControls(url.href)} in the browser; waiting for it to come back to ${redirect.redirectUri} (Ctrl-C gives up)`);
    return redirect.getAuthorizationCode(server, url, context);
  };
  return {
    options: { redirectUri: redirect.redirectUri, getAuthorizationCode, store: options.store ?? cliOAuthStore(options.env) },
    asked,
    close: () => redirect.close(),
  };
}
