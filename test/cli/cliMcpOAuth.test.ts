// OAuth for HTTP MCP servers through the CLI, against a real protected server with its own
// authorization server (test/mcp/servers/oauthServer.mjs, 127.0.0.1). The "browser" is a script
// named by TINYAGENT_BROWSER that follows the authorization URL with an HTTP client to the
// CLI's loopback redirect. Tokens are kept per server under the user's config folder (0600).
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { useCliProject } from './cliProject.js';
import { runCliProcess } from './runCli.js';

const OAUTH_SERVER = fileURLToPath(new URL('../mcp/servers/oauthServer.mjs', import.meta.url));
const project = useCliProject('tinyagent-cli-oauth-');
let server: ChildProcess;
let base: string;
let tools: string;

beforeAll(async () => {
  server = spawn(process.execPath, [OAUTH_SERVER], { stdio: ['pipe', 'ignore', 'pipe'] });
  const port = await new Promise<string>((resolve, reject) => {
    let seen = '';
    server.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /LISTENING (\d+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the OAuth server exited with ${code}: ${seen}`)));
  });
  base = `http://127.0.0.1:${port}`;
  // The browser: follows the authorization server's redirect to the loopback redirect, as a person's browser would.
  tools = mkdtempSync(path.join(tmpdir(), 'tinyagent-cli-oauth-browser-'));
  const browser = path.join(tools, 'browser.mjs');
  writeFileSync(
    browser,
    [
      `#!${process.execPath}`,
      `const authorize = await fetch(process.argv[2], { redirect: 'manual' });`,
      `const back = new URL(authorize.headers.get('location'));`,
      `if (back.hostname !== '127.0.0.1') process.exit(3);`,
      `await (await fetch(back)).text();`,
    ].join('\n'),
  );
  chmodSync(browser, 0o755);
});

afterAll(() => {
  server.kill();
  rmSync(tools, { recursive: true, force: true });
});

const BROWSER = () => path.join(tools, 'browser.mjs');
const stats = async () => (await (await fetch(`${base}/stats`)).json()) as Record<string, number>;
const tokenFile = () => path.join(project.home, '.config', 'tinyagent', 'mcp-oauth', 'docs.json');
const accessToken = () => (JSON.parse(readFileSync(tokenFile(), 'utf8')) as { tokens: { access_token: string } }).tokens.access_token;

beforeEach(() => {
  writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { docs: { type: 'http', url: `${base}/mcp` } } }));
});

const whoami = [{ calls: [{ id: 'w1', name: 'mcp__docs__whoami', args: {} }] }, { text: 'You are a client.' }];
const runWhoami = (session: string, env: Record<string, string> = {}) =>
  runCliProcess(['run', 'who am i', '--mcp-config', '.mcp.json', '--tools', 'none', '--allowed-tools', 'mcp__docs__*', '--session', session], { cwd: project.dir, env: project.env(env) });

it('mcp login authorizes in the browser and keeps the tokens in a 0600 file; run uses them without asking; logout forgets them', async () => {
  const before = await stats();
  const login = await runCliProcess(['mcp', 'login', 'docs'], { cwd: project.dir, env: project.env({ TINYAGENT_BROWSER: BROWSER() }) });
  expect(login.stderr).toMatch(/MCP server docs needs authorization: opening http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+ in the browser/);
  expect(login.code).toBe(0);
  expect(login.stdout).toBe(`signed in to docs; its tokens are kept in ${path.dirname(tokenFile())}\n`);
  expect(statSync(tokenFile()).mode & 0o777).toBe(0o600);
  expect(statSync(path.dirname(tokenFile())).mode & 0o777).toBe(0o700);
  const first = accessToken();
  expect(await stats()).toMatchObject({ authorizations: before.authorizations! + 1, codeExchanges: before.codeExchanges! + 1 });

  // No browser and no terminal: the stored tokens are all it has, and all it needs.
  await project.serve(whoami);
  const run = await runWhoami('with-tokens');
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/✓ mcp__docs__whoami/);
  expect(project.messages('with-tokens').find((message) => message.role === 'tool')!.content).toMatch(/^client /);
  expect((await stats()).authorizations).toBe(before.authorizations! + 1);

  // A second login authorizes again and replaces the tokens.
  expect((await runCliProcess(['mcp', 'login', 'docs'], { cwd: project.dir, env: project.env({ TINYAGENT_BROWSER: BROWSER() }) })).code).toBe(0);
  expect(accessToken()).not.toBe(first);
  expect((await stats()).authorizations).toBe(before.authorizations! + 2);

  const logout = await runCliProcess(['mcp', 'logout', 'docs'], { cwd: project.dir, env: project.env() });
  expect(logout).toMatchObject({ code: 0, stdout: 'signed out of docs\n' });
  expect(existsSync(tokenFile())).toBe(false);
  const again = await runCliProcess(['mcp', 'logout', 'docs'], { cwd: project.dir, env: project.env() });
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/no stored authorization for docs/);
});

it('without tokens, a terminal or a browser: the server is failed with a hint to log in, the Run goes on, mcp list exits 1', async () => {
  await project.serve([{ text: 'No tools today.' }]);
  const run = await runWhoami('no-tokens');
  expect(run.code).toBe(0);
  expect(run.stderr).toMatch(/warning: MCP server docs failed: .*tinyagent mcp login docs/);
  const list = await runCliProcess(['mcp', 'list'], { cwd: project.dir, env: project.env({ TINYAGENT_BROWSER: BROWSER() }) });
  expect(list.code).toBe(1);
  expect(list.stdout).toMatch(/^docs {2}http {2}failed {2}0 tools {2}.*tinyagent mcp login docs/m);
  // The client registered itself; no token was issued.
  expect(existsSync(tokenFile()) ? (JSON.parse(readFileSync(tokenFile(), 'utf8')) as { tokens?: unknown }).tokens : undefined).toBeUndefined();
});

it('run authorizes in the browser when it may open one, then calls the tool; XDG_CONFIG_HOME moves the tokens', async () => {
  const config = mkdtempSync(path.join(tmpdir(), 'tinyagent-cli-oauth-xdg-'));
  try {
    await project.serve(whoami);
    const run = await runWhoami('browser', { TINYAGENT_BROWSER: BROWSER(), XDG_CONFIG_HOME: config });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/MCP server docs needs authorization/);
    expect(project.messages('browser').find((message) => message.role === 'tool')!.content).toMatch(/^client /);
    expect(statSync(path.join(config, 'tinyagent', 'mcp-oauth', 'docs.json')).mode & 0o777).toBe(0o600);
  } finally {
    rmSync(config, { recursive: true, force: true });
  }
});

it('mcp login exits 2 for a server that is not in the configuration or not an HTTP server', async () => {
  writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { local: { command: process.execPath, args: ['-e', ''] } } }));
  const unknown = await runCliProcess(['mcp', 'login', 'docs'], { cwd: project.dir, env: project.env() });
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(/no MCP server "docs" in the configuration \(servers: local\)/);
  const stdio = await runCliProcess(['mcp', 'login', 'local'], { cwd: project.dir, env: project.env() });
  expect(stdio.code).toBe(2);
  expect(stdio.stderr).toMatch(/not an HTTP server/);
});
