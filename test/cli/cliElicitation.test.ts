// MCP elicitation through the CLI: on a terminal (a pseudo-terminal from util-linux `script`)
// the person fills in the server's form field by field, is asked again for the fields that do
// not fit the schema, and consents (or not) to opening a URL, which is shown with its control
// characters visible; without a terminal the CLI declines. No spinner draws over a question.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { FRAME, hasScript, startInTerminal } from './cliInTerminal.js';
import { useCliProject } from './cliProject.js';
import { runCliProcess } from './runCli.js';

const ELICITING_SERVER = fileURLToPath(new URL('../mcp/servers/elicitingServer.mjs', import.meta.url));
const project = useCliProject('tinyagent-cli-elicit-');

function elicitingConfig(env: Record<string, string> = {}): void {
  writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { eliciting: { command: process.execPath, args: [ELICITING_SERVER], env } } }));
}

const runArgs = (session: string) => ['run', 'ask me', '--mcp-config', '.mcp.json', '--tools', 'none', '--allowed-tools', 'mcp__eliciting__*', '--session', session];

/** What the MCP tool returned: the server's view of the answer. */
function toolResult(session: string): unknown {
  const content = project.messages(session).find((message) => message.role === 'tool')!.content;
  return JSON.parse(content) as unknown;
}

it.runIf(hasScript)('asks for each field of the form on a terminal, again for the fields that do not fit, and sends the answer', async () => {
  elicitingConfig();
  await project.serve([{ calls: [{ id: 'f1', name: 'mcp__eliciting__ask_form', args: {} }] }, { text: 'Thanks.' }]);
  const terminal = startInTerminal(runArgs('form'), { cwd: project.dir, env: project.env() });
  await terminal.until(/MCP server eliciting asks: Who are you\?\s+Answer\? \[y\/N\] $/);
  // The call is running, but while the question is on the screen no spinner draws.
  const asked = terminal.screen().lastIndexOf('Answer?');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(terminal.screen().slice(asked)).not.toMatch(FRAME);
  terminal.type('y\n');
  await terminal.until(/name \(string, at least 2 characters, required\): $/);
  terminal.type('A\n');
  await terminal.until(/age \(integer, >= 0\) \[30\]: $/);
  terminal.type('\n');
  await terminal.until(/level \(low \| high, required\): $/);
  terminal.type('medium\n');
  // Asked again: only the two fields the check found wrong.
  await terminal.until(/✗ \/name must NOT have fewer than 2 characters[\s\S]*✗ \/level must be equal to one of the allowed values[\s\S]*name \(string, at least 2 characters, required\): $/);
  terminal.type('Ada\n');
  await terminal.until(/level \(low \| high, required\): $/);
  const before = terminal.screen();
  terminal.type('high\n');
  const { code, screen } = await terminal.done;
  expect(code).toBe(0);
  expect(screen.slice(before.length)).not.toMatch(/age \(integer/); // age was fine: not asked again
  expect(toolResult('form')).toEqual({ action: 'accept', content: { name: 'Ada', age: 30, level: 'high' } });
});

it.runIf(hasScript)('asks the approval first and the form after it, one question at a time; declines when the person says no', async () => {
  elicitingConfig();
  await project.serve([{ calls: [{ id: 'f1', name: 'mcp__eliciting__ask_form', args: {} }] }, { text: 'Fine.' }]);
  const terminal = startInTerminal(['run', 'ask me', '--mcp-config', '.mcp.json', '--tools', 'none', '--session', 'no-form'], { cwd: project.dir, env: project.env() });
  await terminal.until(/Allow mcp__eliciting__ask_form \{\} \[y\/N\] $/);
  terminal.type('y\n');
  await terminal.until(/Answer\? \[y\/N\] $/);
  terminal.type('n\n');
  expect((await terminal.done).code).toBe(0);
  expect(toolResult('no-form')).toEqual({ action: 'decline' });
});

it.runIf(hasScript)('shows the URL with its control characters visible, asks for consent, and opens it in the browser on yes', async () => {
  elicitingConfig({ MCP_TEST_URL: 'https://example.com/sign-in?next=\u001b]0;pwned\u0007', MCP_TEST_URL_MESSAGE: 'Sign in \u001b[2J\u202Enow' });
  const opened = path.join(project.dir, 'opened.txt');
  const browser = path.join(project.dir, 'browser.mjs');
  writeFileSync(browser, `#!${process.execPath}\nimport { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(opened)}, process.argv[2]);\n`);
  chmodSync(browser, 0o755);
  await project.serve([{ calls: [{ id: 'u1', name: 'mcp__eliciting__ask_url', args: {} }] }, { text: 'Signed in.' }]);
  const terminal = startInTerminal(runArgs('url'), { cwd: project.dir, env: project.env({ TINYAGENT_BROWSER: browser }) });
  await terminal.until(/Open it in the browser\? \[y\/N\] $/);
  terminal.type('y\n');
  const { code, screen } = await terminal.done;
  expect(code).toBe(0);
  expect(screen).toContain('asks you to open a URL: Sign in ^[[2J<U+202E>now');
  expect(screen).toContain('https://example.com/sign-in?next=^[]0;pwned^G');
  expect(screen).not.toContain('\u001b]0;');
  expect(screen).not.toContain('\u001b[2J');
  expect(screen).not.toContain('\u202E');
  // The browser is started detached, as a real one is: it may write after the CLI has ended.
  while (!existsSync(opened)) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(readFileSync(opened, 'utf8')).toBe(new URL('https://example.com/sign-in?next=\u001b]0;pwned\u0007').href);
  expect(toolResult('url')).toEqual({ action: 'accept' });
});

it('declines without a terminal, and says so on stderr', async () => {
  elicitingConfig();
  await project.serve([
    { calls: [{ id: 'f1', name: 'mcp__eliciting__ask_form', args: {} }] },
    { calls: [{ id: 'u1', name: 'mcp__eliciting__ask_url', args: {} }] },
    { text: 'Nobody there.' },
  ]);
  const result = await runCliProcess(runArgs('headless'), { cwd: project.dir, env: project.env() });
  expect(result.code).toBe(0);
  expect(result.stderr).toMatch(/MCP server eliciting asked for input; declined: there is no terminal/);
  expect(result.stderr).toMatch(/MCP server eliciting asked for a URL to be opened; declined/);
  const results = project.messages('headless').filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content) as unknown);
  expect(results).toEqual([{ action: 'decline' }, { action: 'decline' }]);
});

it.runIf(hasScript)('Ctrl-C while a form question is asked cancels the Run (exit 130) and leaves the session readable', async () => {
  elicitingConfig();
  await project.serve([{ calls: [{ id: 'f1', name: 'mcp__eliciting__ask_form', args: {} }] }, { text: 'never asked' }]);
  const terminal = startInTerminal(runArgs('interrupted'), { cwd: project.dir, env: project.env() });
  await terminal.until(/Answer\? \[y\/N\] $/);
  terminal.type('y\n');
  await terminal.until(/name \(string, at least 2 characters, required\): $/);
  terminal.type('\u0003');
  const { code, screen } = await terminal.done;
  expect(code).toBe(130);
  expect(screen).toMatch(/cancelled · 1 turn · 1 tool call/);
  expect(project.server!.requests).toHaveLength(1);
  expect(project.messages('interrupted').find((message) => message.role === 'tool')).toMatchObject({ isError: true });
});
