// Shared by the built-in tool tests: a sandbox directory per test (a root inside it, and an
// "outside" beside the root), a ToolContext, tools by name, and a process-group probe.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createFileTools, type FileToolsOptions, type Tool, type ToolContext, type ToolResult } from '../../src/index.js';

export interface Sandbox {
  /** The root the file tools are confined to. */
  readonly root: string;
  /** A directory beside the root, holding `secret.txt`. */
  readonly outside: string;
}

/** A fresh sandbox before each test, removed after it; call the result for its paths. */
export function useSandbox(): () => Sandbox {
  let base: string | undefined;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'tinyagent-builtins-'));
    await mkdir(join(base, 'root'));
    await mkdir(join(base, 'outside'));
    await writeFile(join(base, 'outside', 'secret.txt'), 'secret\n');
  });
  afterEach(async () => {
    if (base !== undefined) await rm(base, { recursive: true, force: true });
    base = undefined;
  });
  return () => {
    if (base === undefined) throw new Error('useSandbox: no test is running');
    return { root: join(base, 'root'), outside: join(base, 'outside') };
  };
}

/** Writes files (creating directories) under `dir`: `{ 'src/a.ts': 'text' }`. */
export async function writeFiles(dir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
}

/** A ToolContext for calling `execute` directly. */
export function toolContext(signal: AbortSignal = new AbortController().signal): ToolContext {
  return { runId: 'run', callId: 'call', toolName: 'tool', iteration: 1, signal, idempotencyKey: 'key' };
}

/** The file tools of a root, by name; `call(name, args)` runs one and normalises a string result. */
export function fileTools(options: FileToolsOptions) {
  const tools = new Map(createFileTools(options).map((tool) => [tool.name, tool]));
  return {
    tools,
    async call(name: string, args: Record<string, unknown>, ctx = toolContext()): Promise<ToolResult> {
      const tool = tools.get(name) as Tool | undefined;
      if (tool === undefined) throw new Error(`no tool ${name}`);
      const result = await tool.execute(args, ctx);
      return typeof result === 'string' ? { content: result } : result;
    },
  };
}

/**
 * Processes of a group that are still running (zombies, already ended and only waiting to be
 * reaped by init, do not count). Linux /proc; the tests that use it run on Linux only.
 */
export function liveGroupMembers(pgid: number): number[] {
  const live: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') live.push(Number(name));
    } catch {
      // ended while we looked
    }
  }
  return live;
}

/** Polls `check` until it holds or `timeoutMs` passes (generous bounds for real processes). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
