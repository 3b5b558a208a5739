// The MCP capability module (entry of `tinyagent/mcp`): MCP servers' tools in the one
// registry. The MCP SDK is loaded by connectMcpServers, on first use.
export { connectMcpServers } from './connectMcpServers.js';
export { loadMcpConfig } from './loadMcpConfig.js';
export type {
  ConnectMcpServersOptions,
  McpConfig,
  McpHttpServerConfig,
  McpIgnoredKeywords,
  McpServerConfig,
  McpServerMap,
  McpServers,
  McpServerState,
  McpServerStatus,
  McpSkippedTool,
  McpStdioServerConfig,
  McpWithdrawnTool,
} from './types.js';
