// The MCP SDK is an optional peer dependency: it is loaded with the connection module on the
// first connect, and its absence is a ConfigurationError that names the package to install.
import { ConfigurationError } from '../core.js';
import { errnoCode } from '../capabilities/shared/errno.js';
import type * as ServerConnection from './serverConnection.js';

/** The package MCP needs, installed by the application (or next to a global tinyagent). */
export const MCP_SDK_PACKAGE = '@modelcontextprotocol/sdk';

/**
 * Loads the connection module, and with it the MCP SDK.
 * @example const { openConnection } = await loadServerConnection();
 */
export async function loadServerConnection(): Promise<typeof ServerConnection> {
  try {
    return await import('./serverConnection.js');
  } catch (error) {
    if (!isMissingSdk(error)) throw error;
    throw new ConfigurationError(
      `connectMcpServers: MCP servers need the package ${MCP_SDK_PACKAGE}, which is not installed (an optional peer dependency of tinyagent). ` +
        `Install it: npm install ${MCP_SDK_PACKAGE} (with -g next to a global tinyagent).`,
      { cause: error },
    );
  }
}

// Node says ERR_MODULE_NOT_FOUND ("Cannot find package '@modelcontextprotocol/sdk' imported from …").
function isMissingSdk(error: unknown): boolean {
  return errnoCode(error) === 'ERR_MODULE_NOT_FOUND' && error instanceof Error && error.message.includes(`'${MCP_SDK_PACKAGE}`);
}
