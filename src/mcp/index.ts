// The MCP capability module (entry of `tinyagent/mcp`): MCP servers' tools in the one
// registry. The MCP SDK is loaded by connectMcpServers, on first use.
export { connectMcpServers } from './connectMcpServers.js';
export { McpErrorCode } from './mcpErrorCodes.js';
export { loadMcpConfig } from './loadMcpConfig.js';
export { killMcpServerProcesses } from './serverProcesses.js';
export { checkElicitationContent } from './elicitationCheck.js';
export { createFileOAuthStore, createMemoryOAuthStore } from './oauth/oauthStores.js';
export { createLoopbackRedirect, openInBrowser } from './oauth/loopbackRedirect.js';
export type { LoopbackRedirect, LoopbackRedirectOptions } from './oauth/loopbackRedirect.js';
export type { McpOAuthOptions, McpOAuthState, McpOAuthStore } from './oauth/oauthTypes.js';
export type {
  McpElicitationHandler,
  McpElicitationRequest,
  McpElicitationResult,
  McpElicitationSchema,
  McpElicitationValue,
  McpFormElicitation,
  McpUrlElicitation,
} from './elicitationTypes.js';
export type {
  ConnectMcpServersOptions,
  McpConfig,
  McpHttpServerConfig,
  McpIgnoredKeywords,
  McpOAuthClientConfig,
  McpServerConfig,
  McpServerMap,
  McpServers,
  McpServerState,
  McpServerStatus,
  McpSkippedTool,
  McpStdioServerConfig,
  McpWithdrawnTool,
} from './types.js';
