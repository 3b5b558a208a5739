// Runs the built CLI inside a pseudo-terminal (util-linux `script`), so that stdin, stdout and
// stderr are TTYs and a test can answer its questions as a person would.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CLI } from './runCli.js';

export const hasScript = existsSync('/usr/bin/script');

/** A spinner frame. */
export const FRAME = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;

export interface Terminal {
  /** Resolves once the screen matches. */
  until(pattern: RegExp): Promise<void>;
  type(text: string): void;
  screen(): string;
  done: Promise<{ code: number | null; screen: string }>;
}

/** Runs `node dist/cli.js ...args` inside a pseudo-terminal. */
export function startInTerminal(args: string[], options: { cwd: string; env: Record<string, string> }): Terminal {
  const command = [process.execPath, CLI, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    screen += text;
    for (const wait of waiting.splice(0)) {
      if (wait.pattern.test(screen)) wait.resolve();
      else waiting.push(wait);
    }
  });
  const done = new Promise<{ code: number | null; screen: string }>((resolve) => child.on('close', (code) => resolve({ code, screen })));
  return {
    until: (pattern) => (pattern.test(screen) ? Promise.resolve() : new Promise((resolve) => waiting.push({ pattern, resolve }))),
    type: (text) => child.stdin.write(text),
    screen: () => screen,
    done,
  };
}
