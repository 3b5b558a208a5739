// Shared by the session tests: a fresh temp directory per test, and one message of every kind.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Message } from '../../src/types.js';

/** Creates a temp dir before each test and removes it after; call the result for its path. */
export function useTempDir(): () => string {
  let dir: string | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tinyagent-session-'));
  });
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return () => {
    if (dir === undefined) throw new Error('useTempDir: no test is running');
    return dir;
  };
}

/** The lines of a session file, without the empty string after its last "\n". */
export async function fileLines(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** One message of every kind and optional field, with text that JSON must escape. */
export const everyKind: Message[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'List files\nthen "read" one — ✓ 🎉' },
  {
    role: 'assistant',
    content: '',
    toolCalls: [
      { id: 'c1', name: 'ls', arguments: '{"path":"."}' },
      { id: 'c2', name: 'read', arguments: { path: 'a.txt', lines: [1, 2], deep: { ok: true } } },
    ],
  },
  { role: 'tool', toolCallId: 'c1', content: 'a.txt\nb.txt', isError: false },
  { role: 'tool', toolCallId: 'c2', content: 'x'.repeat(20) + '…[cut]', isError: true, code: 'tool_error', truncated: true },
  { role: 'assistant', content: 'Done.' },
];

/**
 * What breaks the session invariant in `messages` (each assistant message's calls are
 * answered by the tool messages directly after it, one each, in call order, and no other
 * tool messages exist), or `undefined` when it holds.
 */
export function invariantViolation(messages: readonly Message[]): string | undefined {
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as Message;
    if (message.role === 'tool') return `message ${index}: a tool message that answers no call`;
    if (message.role !== 'assistant') continue;
    for (const [offset, call] of (message.toolCalls ?? []).entries()) {
      const result = messages[index + 1 + offset];
      if (result?.role !== 'tool' || result.toolCallId !== call.id) {
        return `message ${index}: call ${offset} (${call.id}) is not answered by message ${index + 1 + offset}`;
      }
    }
    index += message.toolCalls?.length ?? 0;
  }
  return undefined;
}

/**
 * Writes a v1 session file directly, as another process (say, one that was killed) left it.
 * A FileSessionStore of this process would know which of its own batches are still running.
 */
export async function writeSessionFile(dir: string, sessionId: string, messages: readonly Message[], tail = ''): Promise<string> {
  const path = join(dir, `${sessionId}.jsonl`);
  await writeFile(path, messages.map((message) => `${JSON.stringify({ v: 1, message })}\n`).join('') + tail);
  return path;
}
