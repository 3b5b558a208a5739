// `tinyagent sessions list|show`: the audit trail a FileSessionStore keeps, readable without jq.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileSessionStore, type Message } from '../../index.js';
import { ExitCode } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { sessionsDir, type LocationOptions } from '../paths.js';
import { colorsFor } from '../render/colors.js';
import { formatTranscript } from '../render/transcript.js';
import { oneLine } from '../render/shorten.js';

const SUFFIX = '.jsonl';

function storeFor(options: LocationOptions, io: CliIo): FileSessionStore {
  return new FileSessionStore({
    dir: sessionsDir(options),
    onRepair: (repair) => io.stderr.write(`note: session ${repair.sessionId}: ${repair.repaired.length} interrupted call(s) repaired\n`),
  });
}

/** Session ids in the folder, newest first. */
async function sessionFiles(dir: string): Promise<{ id: string; modified: Date }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = await Promise.all(
    names.filter((name) => name.endsWith(SUFFIX)).map(async (name) => ({ id: name.slice(0, -SUFFIX.length), modified: (await stat(path.join(dir, name))).mtime })),
  );
  return files.sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.id.localeCompare(b.id));
}

/**
 * Lists the sessions: id, last change, message count and the first input.
 * @example
 * import { nodeIo } from '../io.js';
 * await sessionsList({ cwd: '.' }, nodeIo())
 */
export async function sessionsList(options: LocationOptions, io: CliIo): Promise<number> {
  const dir = sessionsDir(options);
  const files = await sessionFiles(dir);
  if (files.length === 0) {
    io.stderr.write(`No sessions in ${dir}\n`);
    return ExitCode.completed;
  }
  const store = storeFor(options, io);
  const c = colorsFor(io.stdout, io.env);
  for (const file of files) {
    const messages = await store.load(file.id);
    const first = messages.find((message) => message.role === 'user');
    const preview = first ? oneLine(first.content, 60) : '';
    io.stdout.write(`${c.bold(file.id)}  ${c.dim(file.modified.toISOString())}  ${messages.length} messages  ${preview}\n`);
  }
  return ExitCode.completed;
}

export interface SessionsShowOptions extends LocationOptions {
  output: 'text' | 'jsonl';
}

/**
 * Prints one session's messages: as a readable transcript, or the stored messages as JSON lines.
 * @example
 * import { nodeIo } from '../io.js';
 * await sessionsShow('2026-12-01T05-02-03-a1b2c3', { output: 'text' }, nodeIo())
 */
export async function sessionsShow(id: string, options: SessionsShowOptions, io: CliIo): Promise<number> {
  const store = storeFor(options, io);
  const messages: Message[] = await store.load(id);
  const files = await sessionFiles(store.dir);
  if (messages.length === 0 && !files.some((file) => file.id === id)) {
    io.stderr.write(`No session "${id}" in ${store.dir}\n`);
    return ExitCode.failed;
  }
  if (options.output === 'jsonl') {
    for (const message of messages) io.stdout.write(`${JSON.stringify(message)}\n`);
  } else {
    io.stdout.write(formatTranscript(messages, colorsFor(io.stdout, io.env)));
  }
  return ExitCode.completed;
}
