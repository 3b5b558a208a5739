// `tinyagent sessions list|show|rm`: the audit trail a FileSessionStore keeps, readable without jq.
import { rm } from 'node:fs/promises';
import { FileSessionStore, type Message } from '../../index.js';
import { ExitCode } from '../exitCodes.js';
import type { CliIo } from '../io.js';
import { sessionsDir, type LocationOptions } from '../paths.js';
import { colorsFor } from '../render/colors.js';
import { formatTranscript } from '../render/transcript.js';
import { oneLine } from '../render/shorten.js';
import { jsonLine, visibleControls } from '../render/visibleControls.js';
import { checkSessionId } from '../session/checkSessionId.js';
import { sessionExists, sessionFiles, sessionPath } from '../session/sessionFiles.js';
import { sessionStatus } from '../session/sessionStatus.js';

function storeFor(options: LocationOptions, io: CliIo): FileSessionStore {
  return new FileSessionStore({
    dir: sessionsDir(options, io.env),
    onRepair: (repair) => io.stderr.write(`note: session ${repair.sessionId}: ${repair.repaired.length} interrupted call(s) repaired\n`),
  });
}

function errorText(error: unknown): string {
  return visibleControls(error instanceof Error ? error.message : String(error));
}

/**
 * Lists the sessions, newest first: id, last change, message count, how the last Run ended and
 * the first input; a session that cannot be read gets a line saying `unreadable` and why.
 * @example
 * import { nodeIo } from '../io.js';
 * await sessionsList({ cwd: '.' }, nodeIo())
 */
export async function sessionsList(options: LocationOptions, io: CliIo): Promise<number> {
  const store = storeFor(options, io);
  const files = await sessionFiles(store.dir);
  if (files.length === 0) {
    io.stderr.write(`No sessions in ${store.dir}\n`);
    return ExitCode.completed;
  }
  const c = colorsFor(io.stdout, io.env);
  for (const file of files) {
    const head = `${c.bold(file.id)}  ${c.dim(file.modified.toISOString())}`;
    let messages: Message[];
    try {
      messages = await store.load(file.id);
    } catch (error) {
      io.stdout.write(`${head}  ${c.red('unreadable')}  ${oneLine(errorText(error), 120)}\n`);
      continue;
    }
    const first = messages.find((message) => message.role === 'user');
    const preview = first ? oneLine(first.content, 60) : '';
    io.stdout.write(`${head}  ${messages.length} messages  ${sessionStatus(messages)}  ${preview}\n`);
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
  if (messages.length === 0 && !sessionExists(store.dir, id)) {
    io.stderr.write(`No session "${id}" in ${store.dir}\n`);
    return ExitCode.failed;
  }
  if (options.output === 'jsonl') {
    for (const message of messages) io.stdout.write(jsonLine(message));
  } else {
    io.stdout.write(formatTranscript(messages, colorsFor(io.stdout, io.env)));
  }
  return ExitCode.completed;
}

/**
 * Deletes one session's file.
 * @example
 * import { nodeIo } from '../io.js';
 * await sessionsRm('chat', {}, nodeIo())
 */
export async function sessionsRm(id: string, options: LocationOptions, io: CliIo): Promise<number> {
  const store = storeFor(options, io);
  await checkSessionId(id); // only the id: a corrupt session may still be removed
  if (!sessionExists(store.dir, id)) {
    io.stderr.write(`No session "${id}" in ${store.dir}\n`);
    return ExitCode.failed;
  }
  await rm(sessionPath(store.dir, id));
  io.stderr.write(`removed session ${id}\n`);
  return ExitCode.completed;
}
