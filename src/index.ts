// The public API of tinyagent: the core's named exports (src/core.ts) and the capability
// modules above it. test/publicApi.test.ts pins the exact list of names.
export * from './core.js';

// Skills (capability module: src/skills)
export { loadSkills, createSkillTool, SkillToolErrorCode } from './skills/index.js';
export type { Skill, SkillProblem, LoadSkillsResult, SkillToolOptions, SkillToolArgs } from './skills/index.js';

// Built-in tools (capability module: src/builtins)
export { createFileTools, createShellTool } from './builtins/index.js';
export type {
  FileToolsOptions,
  ShellToolOptions,
  ReadFileArgs,
  ListFilesArgs,
  SearchFilesArgs,
  WriteFileArgs,
  EditFileArgs,
  ShellArgs,
} from './builtins/index.js';
export { FileToolErrorCode, ShellToolErrorCode } from './builtins/index.js';

// Typed tools (defineTool): argument types from a JSON Schema literal or a Standard Schema
export { defineTool } from './tools/defineTool.js';
export type { ObjectJsonSchema, ArgsOfJsonSchema, JsonSchemaToolDefinition, StandardSchemaToolDefinition } from './tools/defineTool.js';
export type { ObjectStandardSchema, JsonSchemaConverter } from './tools/standardSchema.js';

// MCP (capability module: src/mcp)
export {
  checkElicitationContent,
  connectMcpServers,
  McpErrorCode,
  createFileOAuthStore,
  createLoopbackRedirect,
  createMemoryOAuthStore,
  killMcpServerProcesses,
  loadMcpConfig,
  openInBrowser,
} from './mcp/index.js';
export type {
  ConnectMcpServersOptions,
  LoopbackRedirect,
  LoopbackRedirectOptions,
  McpConfig,
  McpElicitationHandler,
  McpElicitationRequest,
  McpElicitationResult,
  McpElicitationSchema,
  McpElicitationValue,
  McpFormElicitation,
  McpHttpServerConfig,
  McpIgnoredKeywords,
  McpOAuthClientConfig,
  McpOAuthOptions,
  McpOAuthState,
  McpOAuthStore,
  McpServerConfig,
  McpServerMap,
  McpServers,
  McpServerState,
  McpServerStatus,
  McpSkippedTool,
  McpStdioServerConfig,
  McpUrlElicitation,
  McpWithdrawnTool,
} from './mcp/index.js';
