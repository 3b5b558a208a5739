// Shared by the MCP tests: how to start the real servers (and the test's own one), call a
// registered tool directly, and tell whether a process is still running.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolRegistry, ToolResult } from '../../src/index.js';
import type { McpHttpServerConfig, McpStdioServerConfig } from '../../src/mcp/index.js';

/** Timeout of hooks that start real servers: slow on a loaded machine; a generous bound, not a measure. */
export const SERVER_START_MS = 60_000;

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** server-everything over stdio. */
export function everythingStdio(): McpStdioServerConfig {
  return { command: process.execPath, args: [join(packageDir('@modelcontextprotocol/server-everything'), 'dist/index.js'), 'stdio'] };
}

/** server-filesystem over stdio, confined to `root`. */
export function filesystemStdio(root: string): McpStdioServerConfig {
  return { command: process.execPath, args: [join(packageDir('@modelcontextprotocol/server-filesystem'), 'dist/index.js'), root] };
}

/** The test's own server (servers/oddServer.mjs) over stdio. */
export function oddServer(env: Record<string, string> = {}): McpStdioServerConfig {
  return { command: process.execPath, args: [join(here, 'servers/oddServer.mjs')], env };
}

/** A running server-everything over Streamable HTTP, bound to 127.0.0.1 only. */
export interface HttpServer {
  config: McpHttpServerConfig;
  pid: number;
  /** The address it bound, as it reported it. */
  host: string;
  /** What the server printed to stdout so far (it logs each request it handles). */
  output(): string;
  kill(): void;
}

// Killed when the test process exits, even if a hook failed before it could stop them.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts server-everything in HTTP mode on a free port of 127.0.0.1 (servers/listenOnLoopback.mjs sets the host).
 * @example const server = await startEverythingHttp(); ...; server.kill();
 */
export async function startEverythingHttp(): Promise<HttpServer> {
  const child = spawn(
    process.execPath,
    ['--import', join(here, 'servers/listenOnLoopback.mjs'), join(packageDir('@modelcontextprotocol/server-everything'), 'dist/index.js'), 'streamableHttp'],
    { env: { PATH: process.env.PATH ?? '', PORT: '0' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.add(child);
  child.once('exit', () => running.delete(child));
  const [host, port] = await new Promise<[string, string]>((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /LISTENING (\S+) (\d+)/.exec(seen);
      if (match) resolve([match[1]!, match[2]!]);
    });
    child.once('exit', (code) => reject(new Error(`server-everything (HTTP) exited with ${code}: ${seen}`)));
  });
  return {
    config: { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
    pid: child.pid!,
    host,
    output: () => output,
    kill: () => child.kill('SIGKILL'),
  };
}

/**
 * Runs a registered tool the way the runtime does (arguments assumed valid).
 * @example await execute(agent.tools, 'mcp__odd__echo', { text: 'hi' })
 */
export async function execute(registry: ToolRegistry, name: string, args: Record<string, unknown> = {}, signal = new AbortController().signal): Promise<ToolResult> {
  const tool = registry.get(name);
  if (!tool) throw new Error(`no tool ${name} (registered: ${registry.list().map((t) => t.name).join(', ')})`);
  const result = await tool.execute(args, { runId: 'run', callId: 'call', toolName: name, iteration: 1, signal, idempotencyKey: 'key' });
  return typeof result === 'string' ? { content: result } : result;
}

/**
 * Whether a process runs (a zombie, already dead, does not).
 * @example isRunning(pid) // false after close()
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return process.platform !== 'linux';
  try {
    const text = readFileSync(stat, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Resolves when `condition` holds, polling; rejects after `ms` (a generous bound, not a timing assertion).
 * @example await until(() => !isRunning(pid))
 */
export async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The lines the odd server appended to its mark file. */
export function marks(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** The test's hand-written server (servers/rawServer.mjs) over stdio. */
export function rawServer(env: Record<string, string> = {}): McpStdioServerConfig {
  return { command: process.execPath, args: [join(here, 'servers/rawServer.mjs')], env };
}

/** The test's server that asks its client in the middle of a call (servers/elicitingServer.mjs). */
export function elicitingServer(): McpStdioServerConfig {
  return { command: process.execPath, args: [join(here, 'servers/elicitingServer.mjs')] };
}
