// MCP over a child's stdin/stdout. The SDK's StdioClientTransport lacks two things this
// wrapper adds, and nothing else: the child leads its own process group (closing it, or its
// death, ends every process it started), and a message over the size cap fails the one
// request it answers at once instead of leaving it to time out. Message parsing and
// serialisation are the SDK's own.
import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { deserializeMessage, serializeMessage, STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { stopGroup } from '../capabilities/shared/processGroups.js';
import { BoundedLines, responseIdOf, type OversizedLine } from './boundedLines.js';
import { killGroupNow, trackGroup, untrackGroup } from './serverProcesses.js';

/** `data.reason` of the error a request gets when its answer was over the size cap. */
export const MESSAGE_TOO_LARGE = 'message_too_large';

export interface ProcessGroupTransportParams {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

const STDERR_TAIL_CHARS = 2_000;
// After the leader exits, its group is ended and 'close' (all pipes closed) normally follows
// at once; a grandchild that outlives the kill must not keep the connection looking alive.
const CLOSE_AFTER_EXIT_MS = 1_000;
// close(): how long a server gets to exit once its stdin is closed, then how long after SIGTERM.
const EXIT_WAIT_MS = 500;
const TERM_WAIT_MS = 1_000;

/** A stdio Transport whose child leads a process group; `close()` ends the whole group. */
export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  readonly #params: ProcessGroupTransportParams;
  readonly #lines = new BoundedLines(STDIO_DEFAULT_MAX_BUFFER_SIZE);
  #child: ChildProcess | undefined;
  #stderrTail = '';
  #exit: string | undefined;
  #closing = false;
  #closed = false;
  #failure: string | undefined;

  constructor(params: ProcessGroupTransportParams) {
    this.#params = params;
  }

  /** The server process id (also its process group id) once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** How the process ended ("exited with code 1", "was killed by SIGKILL"), once it has. */
  get exitDescription(): string | undefined {
    return this.#exit;
  }

  /** The process ended because `close()` ended it. */
  get closedByUs(): boolean {
    return this.#closing;
  }

  /** Why the transport gave up on a server that is still running (an oversized message it could not attribute). */
  get failure(): string | undefined {
    return this.#failure;
  }

  /** The last characters the server wrote to stderr. */
  get stderrTail(): string {
    return this.#stderrTail.trim();
  }

  async start(): Promise<void> {
    if (this.#child) throw new Error('ProcessGroupTransport already started');
    const { command, args, env, cwd } = this.#params;
    const child = spawn(command, args, {
      env: { ...getDefaultEnvironment(), ...env },
      cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true, // its own process group: see stopGroup
      shell: false,
      windowsHide: true,
    });
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => {
        if (child.pid !== undefined) trackGroup(child.pid);
        resolve();
      });
      // `on`, not `once`: a second 'error' without a listener would crash the application.
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
        this.#finish();
      });
    });
    child.stdout?.on('data', (chunk: Buffer) => this.#receive(chunk));
    child.stdout?.on('error', (error) => this.onerror?.(error));
    child.stdin?.on('error', (error) => this.onerror?.(error));
    child.stderr?.on('error', () => undefined); // stderr is only kept for messages
    child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderrTail = (this.#stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    child.once('exit', (code, signal) => {
      this.#exit = signal ? `was killed by ${signal}` : `exited with code ${String(code)}`;
      // Whatever the leader left behind goes with it; the pipes then close.
      if (child.pid !== undefined && !this.#closing) void stopGroup(child.pid, { graceMs: TERM_WAIT_MS }).catch(() => undefined);
      setTimeout(() => this.#finish(), CLOSE_AFTER_EXIT_MS).unref();
    });
    child.once('close', () => this.#finish());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || this.#closed || !stdin.writable) throw new Error('Not connected: the MCP server process has ended');
    const json = serializeMessage(message);
    if (!stdin.write(json)) await new Promise<void>((resolve) => stdin.once('drain', resolve));
  }

  /** Ends the server: stdin closed, then SIGTERM to the group, then SIGKILL; resolves when the group is gone. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child?.pid !== undefined && !this.#closed) {
      this.#closing = true;
      child.stdin?.end();
      await stopGroup(child.pid, { exitWaitMs: EXIT_WAIT_MS, graceMs: TERM_WAIT_MS }).catch(() => undefined);
    }
    this.#finish();
  }

  #receive(chunk: Buffer): void {
    this.#lines.push(
      chunk,
      (line) => {
        let message: JSONRPCMessage;
        try {
          message = deserializeMessage(line);
        } catch (error) {
          this.onerror?.(error as Error); // one bad line; the next may be fine
          return;
        }
        this.onmessage?.(message);
      },
      (line) => this.#oversized(line),
    );
  }

  // The answer is dropped; the request it answers fails now, with a reason that says so.
  #oversized(line: OversizedLine): void {
    const limit = `${STDIO_DEFAULT_MAX_BUFFER_SIZE / (1024 * 1024)} MiB`;
    const message = `the server sent a message of ${line.bytes} bytes, more than the ${limit} a message may have; it was discarded`;
    const id = responseIdOf(line);
    if (id === undefined) {
      // Which request it answers is unknown: the connection ends, so every waiting call fails now (as the SDK does).
      this.#failure = message;
      this.onerror?.(new Error(message));
      void this.close();
      return;
    }
    this.onmessage?.({ jsonrpc: '2.0', id, error: { code: ErrorCode.InternalError, message, data: { reason: MESSAGE_TOO_LARGE, bytes: line.bytes } } });
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    const pid = this.#child?.pid;
    if (pid !== undefined) {
      killGroupNow(pid);
      untrackGroup(pid);
    }
    this.#lines.clear();
    this.onclose?.();
  }
}
