// On a terminal (a pseudo-terminal from util-linux `script`) the CLI asks y/N before a writing
// tool or shell runs, shows no spinner while it asks and a spinner while tools run, leaves the
// person's thinking time out of the durations, and colours its output.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { useCliProject } from './cliProject.js';
import { FRAME, hasScript, startInTerminal } from './cliInTerminal.js';

const project = useCliProject('tinyagent-cli-tty-');
const inTerminal = (args: string[], env: Record<string, string>) => startInTerminal(args, { cwd: project.dir, env });

// eslint-disable-next-line no-control-regex -- the colour codes are what is removed
const colourless = (screen: string) => screen.replace(/\u001b\[[0-9;]*m/g, '');

it.runIf(hasScript)('asks y/N on a terminal, runs the call on y, denies it on n, and colours the output', async () => {
  await project.serve([
    { calls: [{ id: 'w1', name: 'write_file', args: { path: 'yes.txt', content: 'approved' } }] },
    { calls: [{ id: 'w2', name: 'write_file', args: { path: 'no.txt', content: 'denied' } }] },
    { text: 'Done.' },
  ]);
  const env = project.env();
  delete env.NO_COLOR;
  const terminal = inTerminal(['run', 'write twice', '--tools', 'write'], env);
  await terminal.until(/yes\.txt.*\[y\/N\]/);
  terminal.type('y\n');
  await terminal.until(/no\.txt.*\[y\/N\]/);
  terminal.type('n\n');
  const { code, screen } = await terminal.done;
  expect(code).toBe(0);
  expect(colourless(screen)).toMatch(/Allow write_file \{"path":"yes\.txt"/);
  expect(readFileSync(path.join(project.dir, 'yes.txt'), 'utf8')).toBe('approved');
  expect(existsSync(path.join(project.dir, 'no.txt'))).toBe(false);
  expect(screen).toContain('[denied]');
  expect(screen).toContain('\u001b['); // colours on a terminal
});

it.runIf(hasScript)('shows no spinner while it asks, a spinner while the tool runs, and leaves the wait out of the durations', async () => {
  // The command runs until the test has seen the spinner and creates the gate file.
  const command = 'while [ ! -f gate ]; do sleep 0.02; done; echo through';
  await project.serve([{ calls: [{ id: 's1', name: 'shell', args: { command } }] }, { text: 'Done.' }]);
  const terminal = inTerminal(['run', 'run it', '--tools', 'shell'], project.env());
  await terminal.until(/\[y\/N\]/);
  const beforeAnswer = terminal.screen();
  // The person thinks for 2 s; none of it may count.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  terminal.type('y\n');
  await terminal.until(new RegExp(`${FRAME.source} running shell`));
  writeFileSync(path.join(project.dir, 'gate'), '');
  const { code, screen } = await terminal.done;
  expect(code).toBe(0);
  expect(beforeAnswer).toMatch(/→ shell/);
  expect(beforeAnswer).not.toMatch(FRAME);
  const toolLine = /✓ shell \(([^)]*)\)/.exec(screen)![1]!;
  const summary = /completed · 2 turns · 1 tool call · .* · ([^\r\n]*)/.exec(screen)![1]!;
  // The wait alone was 2 s; what is shown is the Run's own time.
  expect(Number.parseFloat(toolLine) < 2 || toolLine.endsWith(' ms')).toBe(true);
  expect(Number.parseFloat(summary) < 2 || summary.endsWith(' ms')).toBe(true);
});

it.runIf(hasScript)('never colours with NO_COLOR, even on a terminal', async () => {
  await project.serve([{ text: 'Plain.' }]);
  const { code, screen } = await inTerminal(['run', 'hi', '--tools', 'none'], project.env({ NO_COLOR: '1' })).done;
  expect(code).toBe(0);
  expect(screen).toContain('Plain.');
  expect(screen).not.toContain('\u001b[3'); // no colour codes (cursor codes of the pty aside)
});

it.runIf(hasScript)('streams the answer to the terminal with its control characters visible', async () => {
  await project.serve([{ text: 'Hi \u001b]0;pwned\u0007 there\r\n\u001b]52;c;eA==\u0007 and a lone \r.' }]);
  const { code, screen } = await inTerminal(['run', 'hi', '--tools', 'none'], project.env({ NO_COLOR: '1' })).done;
  expect(code).toBe(0);
  expect(screen).toContain('Hi ^[]0;pwned^G there');
  expect(screen).toContain('^[]52;c;eA==^G and a lone ^M.');
  expect(screen).not.toContain('\u001b]');
  expect(screen).not.toContain('\u0007');
});
