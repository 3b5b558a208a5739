// Reading a `.mcp.json` file. References (`${VAR}`) stay as written: connectMcpServers
// expands them, so a config object never holds secrets it did not have in the file.
import { readFile } from 'node:fs/promises';
import { describeError } from '../capabilities/shared/coreHelpers.js';
import { ConfigurationError } from '../core.js';
import type { McpConfig } from './types.js';
import { checkMcpConfig } from './validateConfig.js';

/**
 * Reads and checks a `{ "mcpServers": {...} }` file; a bad entry is a ConfigurationError naming the server and field.
 * @example
 * const config = await loadMcpConfig('.mcp.json');
 * Object.keys(config.mcpServers); // ['fs', 'docs']
 */
export async function loadMcpConfig(path: string): Promise<McpConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`MCP config ${path} cannot be read: ${describeError(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigurationError(`MCP config ${path} is not valid JSON: ${describeError(error)}`);
  }
  return checkMcpConfig(value, `MCP config ${path}`);
}
