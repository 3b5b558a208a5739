// The CLI's system prompt: what it is, the tools, the working directory; `--system-prompt`
// replaces it, `--append-system-prompt` adds to it, and the AGENTS.md files from the repository
// root down to the working directory are added (as Codex and others do) unless `--no-agents-md`.
import { constants, existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

export interface InstructionOptions {
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** False with `--no-agents-md`. */
  agentsMd: boolean;
}

/** An AGENTS.md beyond this is cut (read with this cap whatever size the file reports). */
export const MAX_AGENTS_MD_BYTES = 64 * 1024;

/**
 * The default system prompt for a Run in `cwd` with these tools.
 * @example defaultSystemPrompt('/srv/repo', ['read_file', 'shell'])
 */
export function defaultSystemPrompt(cwd: string, tools: readonly string[]): string {
  return [
    'You are tinyagent, a command-line agent. Answer the request, using the tools when they help; your last message is printed as the answer.',
    `Working directory: ${cwd}`,
    tools.length === 0 ? 'No tools are available in this Run.' : `Tools: ${tools.join(', ')}. File paths are relative to the working directory.`,
    'Some tool calls need the user\'s approval; a denied call comes back with the code "denied" and the reason: respect it.',
  ].join('\n');
}

// The folders from the repository root (the nearest parent with .git) down to cwd; only cwd outside a repository.
function agentsMdFolders(cwd: string): string[] {
  const chain: string[] = [];
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (existsSync(path.join(dir, '.git'))) return chain;
    if (path.dirname(dir) === dir) return [cwd];
  }
}

// At most `max` bytes of a regular file, without trusting the size it reports (a /proc file says 0).
async function readCapped(file: string, max: number): Promise<string | undefined> {
  let handle;
  try {
    // O_NONBLOCK: a FIFO named AGENTS.md must not block the CLI (it is then refused as not a file).
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    if (!(await handle.stat()).isFile()) return undefined;
    const buffer = Buffer.alloc(max);
    let length = 0;
    while (length < max) {
      const { bytesRead } = await handle.read(buffer, length, max - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * The AGENTS.md files that apply to `cwd`, outermost first, each with its path.
 * @example await agentsMdFiles('/srv/repo/pkg') // [{ path: '/srv/repo/AGENTS.md', text: '…' }]
 */
export async function agentsMdFiles(cwd: string): Promise<{ path: string; text: string }[]> {
  const found: { path: string; text: string }[] = [];
  for (const dir of agentsMdFolders(cwd)) {
    const file = path.join(dir, 'AGENTS.md');
    const text = await readCapped(file, MAX_AGENTS_MD_BYTES);
    if (text !== undefined && text.trim() !== '') found.push({ path: file, text: text.trim() });
  }
  return found;
}

/**
 * The system prompt of a Run: the default (or `--system-prompt`), then `--append-system-prompt`,
 * then the AGENTS.md files; undefined when all of them are empty.
 * @example await instructionsFor('/srv/repo', ['read_file'], { agentsMd: true })
 */
export async function instructionsFor(cwd: string, tools: readonly string[], options: InstructionOptions): Promise<string | undefined> {
  const parts = [options.systemPrompt ?? defaultSystemPrompt(cwd, tools)];
  if (options.appendSystemPrompt !== undefined) parts.push(options.appendSystemPrompt);
  if (options.agentsMd) {
    for (const file of await agentsMdFiles(cwd)) parts.push(`Instructions from ${file.path}:\n${file.text}`);
  }
  const text = parts.filter((part) => part.trim() !== '').join('\n\n');
  return text === '' ? undefined : text;
}
