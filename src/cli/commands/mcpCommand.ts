// `tinyagent mcp list`: connects the configured MCP servers (`--mcp-config`, else `.mcp.json` in
// the working directory), prints each one's state and tool count, and closes them again.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { connectMcpServers, loadMcpConfig, ToolRegistry, type McpConfig } from '../../index.js';
import { ExitCode } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { projectDir, type LocationOptions } from '../paths.js';
import { colorsFor } from '../render/colors.js';
import { oneLine } from '../render/shorten.js';
import { cliOAuth } from '../mcp/cliOAuth.js';
import { jsonLine, visibleControls } from '../render/visibleControls.js';
import { UsageError } from '../usageError.js';
import { CancelOnSignal } from './cancelOnSignal.js';

export interface McpListOptions extends LocationOptions {
  mcpConfig?: string;
  mcpTrust?: string[];
  outputFormat: 'text' | 'json';
}

/**
 * The configuration of `--mcp-config`, else `.mcp.json` in the working directory; exit 2 when there is none.
 * @example await loadCliMcpConfig({ cwd: 'repo' })
 */
export async function loadCliMcpConfig(options: LocationOptions & { mcpConfig?: string }): Promise<McpConfig> {
  const file = options.mcpConfig === undefined ? path.join(projectDir(options), '.mcp.json') : path.resolve(process.cwd(), options.mcpConfig);
  if (!existsSync(file)) throw new UsageError(`no MCP configuration at ${file} (give one with --mcp-config)`);
  return loadMcpConfig(file);
}

/**
 * Lists the servers of the configuration; exit 1 when one of them failed.
 * @example
 * import { nodeIo } from '../io.js';
 * await mcpList({ outputFormat: 'text' }, nodeIo())
 */
export async function mcpList(options: McpListOptions, io: CliIo): Promise<number> {
  const config = await loadCliMcpConfig(options);
  // Stored tokens are used (and refreshed); a server that needs a new authorization is failed
  // and names `tinyagent mcp login`: listing never opens a browser.
  const oauth = await cliOAuth(config, { env: io.env, interactive: false, note: (message) => io.stderr.write(`${message}\n`) });
  const cancel = new CancelOnSignal(io);
  try {
    const servers = await connectMcpServers(config, new ToolRegistry(), { trusted: options.mcpTrust ?? [], signal: cancel.signal, oauth: oauth?.options });
    try {
      if (cancel.received) return cancel.exitCode;
      const status = servers.status();
      if (options.outputFormat === 'json') {
        io.stdout.write(jsonLine(status.map((server) => ({ server: server.server, transport: server.transport, state: server.state, tools: server.tools, ...(server.error === undefined ? {} : { error: server.error }) }))));
      } else {
        const c = colorsFor(io.stdout, io.env);
        for (const server of status) {
          const state = server.state === 'connected' ? c.green(server.state) : c.red(server.state);
          const error = server.error === undefined ? '' : `  ${oneLine(server.error, 200)}`;
          io.stdout.write(`${c.bold(visibleControls(server.server))}  ${server.transport}  ${state}  ${server.tools.length} tool${server.tools.length === 1 ? '' : 's'}${error}\n`);
        }
      }
      return status.some((server) => server.state === 'failed') ? ExitCode.failed : ExitCode.completed;
    } finally {
      await servers.close();
    }
  } finally {
    cancel.detach();
    await oauth?.close();
  }
}
