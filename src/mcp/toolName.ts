// The registered name of an MCP tool: `mcp__<server>__<tool>`, safe for every provider.
// The name is never split again: each registered tool keeps its server and tool name.
import { createHash } from 'node:crypto';

const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

/**
 * `mcp__<server>__<tool>`, characters outside `[A-Za-z0-9_-]` replaced by `_`, cut to 64 with a stable hash suffix.
 * @example mcpToolName('files.local', 'read file') // 'mcp__files_local__read_file'
 */
export function mcpToolName(server: string, tool: string): string {
  const name = `mcp__${sanitize(server)}__${sanitize(tool)}`;
  if (name.length <= MAX_LENGTH) return name;
  // The hash is of the original pair, so two long names that share their first 55
  // characters still differ, and the same pair gets the same name on every connect.
  const hash = createHash('sha256').update(`${server}\u0000${tool}`).digest('hex').slice(0, HASH_LENGTH);
  return `${name.slice(0, MAX_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}

function sanitize(part: string): string {
  return part.replace(/[^A-Za-z0-9_-]/g, '_');
}
