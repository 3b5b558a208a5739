// On a terminal (a pseudo-terminal from util-linux `script`) the CLI asks y/N before a
// writing tool runs, shows a spinner while tools run, and colours its output.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CLI, cleanEnv } from './runCli.js';
import { useCliProject } from './cliProject.js';

const hasScript = existsSync('/usr/bin/script');
const project = useCliProject('tinyagent-cli-tty-');

/** Runs the CLI inside a pseudo-terminal, answering each `[y/N]` prompt with the next answer. */
function inTerminal(args: string[], answers: string[], env: Record<string, string>): Promise<{ code: number | null; screen: string }> {
  const command = [process.execPath, CLI, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: project.dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  let asked = 0;
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    screen += text;
    const prompts = screen.split('[y/N]').length - 1;
    while (asked < prompts && asked < answers.length) child.stdin.write(`${answers[asked++]}\n`);
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, screen })));
}

it.runIf(hasScript)('asks y/N on a terminal, runs the call on y, and colours the output', async () => {
  const server = await project.serve([
    { calls: [{ id: 'w1', name: 'write_file', args: { path: 'yes.txt', content: 'approved' } }] },
    { calls: [{ id: 'w2', name: 'write_file', args: { path: 'no.txt', content: 'denied' } }] },
    { text: 'Done.' },
  ]);
  const env = cleanEnv({ OPENAI_BASE_URL: server.baseURL, HOME: project.dir });
  delete env.NO_COLOR;
  const { code, screen } = await inTerminal(['run', 'write twice', '--tools', 'write'], ['y', 'n'], env);
  expect(code).toBe(0);
  expect(screen).toMatch(/Allow .*write_file.*yes\.txt.*\[y\/N\]/);
  expect(readFileSync(path.join(project.dir, 'yes.txt'), 'utf8')).toBe('approved');
  expect(existsSync(path.join(project.dir, 'no.txt'))).toBe(false);
  expect(screen).toContain('[denied]');
  expect(screen).toContain('\u001b['); // colours on a terminal
  // The spinner while the tool runs: a braille frame (coloured) before the tool's name.
  expect(screen.replaceAll('\u001b[39m', '')).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] running write_file/);
});

it.runIf(hasScript)('never colours with NO_COLOR, even on a terminal', async () => {
  const server = await project.serve([{ text: 'Plain.' }]);
  const { code, screen } = await inTerminal(['run', 'hi', '--tools', 'none'], [], cleanEnv({ OPENAI_BASE_URL: server.baseURL, HOME: project.dir, NO_COLOR: '1' }));
  expect(code).toBe(0);
  expect(screen).toContain('Plain.');
  expect(screen).not.toContain('\u001b[3'); // no colour codes (cursor codes of the pty aside)
});
