// MCP over a child's stdin/stdout, with the child leading its own process group so that
// closing (or its death) ends every process it started: no orphaned grandchildren.
// Framing and message parsing are the SDK's own (ReadBuffer, serializeMessage).
import { spawn, type ChildProcess } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { killGroupNow, terminateGroup, trackGroup, untrackGroup } from './processGroups.js';

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

/** A stdio Transport whose child leads a process group; `close()` ends the whole group. */
export class ProcessGroupTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  readonly #params: ProcessGroupTransportParams;
  readonly #readBuffer = new ReadBuffer();
  #child: ChildProcess | undefined;
  #stderrTail = '';
  #exit: string | undefined;
  #closing = false;
  #closed = false;

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
      detached: true, // its own process group: see terminateGroup
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
      if (child.pid !== undefined && !this.#closing) void terminateGroup(child.pid, { graceMs: 0 });
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
      await terminateGroup(child.pid, { graceMs: 500, exited: () => child.exitCode !== null || child.signalCode !== null });
    }
    this.#finish();
  }

  #receive(chunk: Buffer): void {
    try {
      this.#readBuffer.append(chunk);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.#readBuffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error); // one bad line; the next may be fine
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    const pid = this.#child?.pid;
    if (pid !== undefined) {
      killGroupNow(pid);
      untrackGroup(pid);
    }
    this.#readBuffer.clear();
    this.onclose?.();
  }
}
