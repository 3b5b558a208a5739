// `tinyagent mcp login <server>` authorizes one HTTP server of the configuration in the browser
// (a fresh authorization even when tokens are stored: the old ones are replaced only once the
// new ones arrive); `tinyagent mcp logout <server>` forgets its client and tokens.
import { connectMcpServers, ToolRegistry, type McpOAuthStore } from '../../index.js';
import { ExitCode } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { cliOAuth, cliOAuthStore } from '../mcp/cliOAuth.js';
import { oauthDir, type LocationOptions } from '../paths.js';
import { oneLine } from '../render/shorten.js';
import { visibleControls } from '../render/visibleControls.js';
import { UsageError } from '../usageError.js';
import { CancelOnSignal } from './cancelOnSignal.js';
import { loadCliMcpConfig } from './mcpCommand.js';

export interface McpLoginOptions extends LocationOptions {
  mcpConfig?: string;
}

// Loads state without its tokens until the new ones are saved: the SDK then meets a 401 and
// asks for an authorization, while the old tokens stay on disk should the login fail.
function withoutStoredTokens(store: McpOAuthStore): McpOAuthStore {
  let saved = false;
  return {
    async load(server) {
      const state = await store.load(server);
      if (saved || state === undefined) return state;
      const { tokens: _old, ...rest } = state;
      return rest;
    },
    async save(server, state) {
      if (state.tokens !== undefined) saved = true;
      await store.save(server, state);
    },
    delete: (server) => store.delete(server),
  };
}

/**
 * Signs in to one HTTP MCP server in the browser; exit 1 when it does not end connected.
 * @example
 * import { nodeIo } from '../io.js';
 * await mcpLogin('docs', {}, nodeIo())
 */
export async function mcpLogin(server: string, options: McpLoginOptions, io: CliIo): Promise<number> {
  const config = await loadCliMcpConfig(options);
  const entry = config.mcpServers[server];
  if (entry === undefined) throw new UsageError(`no MCP server "${server}" in the configuration (servers: ${Object.keys(config.mcpServers).join(', ') || 'none'})`);
  if (!('type' in entry) || entry.type !== 'http') throw new UsageError(`MCP server "${server}" is not an HTTP server: only HTTP servers sign in`);
  const note = (message: string) => io.stderr.write(`${message}\n`);
  const single = { mcpServers: { [server]: entry } };
  const oauth = (await cliOAuth(single, { env: io.env, interactive: true, note, store: withoutStoredTokens(cliOAuthStore(io.env)) }))!;
  const cancel = new CancelOnSignal(io);
  try {
    const servers = await connectMcpServers(single, new ToolRegistry(), { oauth: oauth.options, signal: cancel.signal });
    try {
      if (cancel.received) return cancel.exitCode;
      const status = servers.status()[0]!;
      const name = visibleControls(server);
      if (status.state !== 'connected') {
        io.stderr.write(`tinyagent: signing in to ${name} failed: ${oneLine(status.error ?? 'unknown error', 300)}\n`);
        return ExitCode.failed;
      }
      io.stdout.write(oauth.asked.length > 0 ? `signed in to ${name}; its tokens are kept in ${oauthDir(io.env)}\n` : `${name} connected without asking for authorization\n`);
      return ExitCode.completed;
    } finally {
      await servers.close();
    }
  } finally {
    cancel.detach();
    await oauth.close();
  }
}

/**
 * Forgets the stored OAuth client and tokens of a server; exit 1 when none were stored.
 * @example
 * import { nodeIo } from '../io.js';
 * await mcpLogout('docs', nodeIo())
 */
export async function mcpLogout(server: string, io: CliIo): Promise<number> {
  const store = cliOAuthStore(io.env);
  const name = visibleControls(server);
  if ((await store.load(server)) === undefined) {
    io.stderr.write(`tinyagent: no stored authorization for ${name} in ${oauthDir(io.env)}\n`);
    return ExitCode.failed;
  }
  await store.delete(server);
  io.stdout.write(`signed out of ${name}\n`);
  return ExitCode.completed;
}
