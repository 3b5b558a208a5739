// Codes of the error results of MCP tools that the module itself produces (a server's own
// error results keep the core's `tool_error`).

/** Codes an MCP tool's error result may carry besides the core's. */
export const McpErrorCode = {
  /** The server's connection ended (it exited, crashed or was closed); the call did not complete. */
  serverClosed: 'mcp_server_closed',
  /** The server did not answer within `callTimeoutMs`. */
  timeout: 'timeout',
} as const;
export type McpErrorCode = (typeof McpErrorCode)[keyof typeof McpErrorCode];
