// Output into a pipe arrives whole when the reader is slow (the CLI lets stdout drain before the
// process ends: writes to a pipe are asynchronous, exiting at once would cut them), and a reader
// that stops early ends nothing but the output.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FileSessionStore, type Message } from '../../src/index.js';
import { CLI } from './runCli.js';
import { useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-pipe-');
const LINES = 450;

/** `sessions show --output jsonl` of a session of about 450 KB (far more than a pipe buffer holds), into `reader`. */
async function showInto(reader: string): Promise<{ stdout: string; stderr: string; code: unknown }> {
  const messages: Message[] = Array.from({ length: LINES }, (_, index) => ({ role: 'user', content: `line ${index} ${'x'.repeat(1000)}` }));
  const sessions = path.join(project.dir, 'sessions');
  await new FileSessionStore({ dir: sessions }).append('big', messages);
  const pipeline = `'${process.execPath}' '${CLI}' sessions show big --output jsonl --sessions-dir '${sessions}'; echo "cli exit $?" >&2`;
  const shell = spawn('sh', ['-c', `(${pipeline}) | ${reader}`], { cwd: project.dir, env: project.env() });
  let stdout = '';
  let stderr = '';
  shell.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  shell.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise((resolve) => shell.on('close', resolve));
  return { stdout, stderr, code };
}

it(`sessions show --output jsonl | slow reader: all ${LINES} lines arrive, exit 0`, async () => {
  // The reader starts only after a pause, long after the CLI has written everything it can.
  const { stdout, stderr, code } = await showInto('(sleep 1; wc -l)');
  expect(code).toBe(0);
  expect(stderr).toContain('cli exit 0');
  expect(Number(stdout.trim())).toBe(LINES);
});

it('a reader that stops early (| head -1) ends nothing but the output: exit 0, no stack trace', async () => {
  const { stdout, stderr } = await showInto('head -1 | wc -l');
  expect(Number(stdout.trim())).toBe(1);
  expect(stderr.trim()).toBe('cli exit 0');
});
