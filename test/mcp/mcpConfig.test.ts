// MCP configuration: `.mcp.json` files, the checks that name server and field, `${VAR}`
// expansion, and option checks, all before any server starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError, ToolRegistry } from '../../src/index.js';
import { connectMcpServers, loadMcpConfig, type McpServerMap } from '../../src/mcp/index.js';
import { resolveServer } from '../../src/mcp/expandEnv.js';
import { execute, marks, oddServer } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tinyagent-mcp-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

async function refusal(promise: Promise<unknown>): Promise<ConfigurationError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  return error as ConfigurationError;
}

describe('loadMcpConfig', () => {
  it('reads a .mcp.json file and keeps ${VAR} references as written', async () => {
    const config = { mcpServers: { fs: { command: 'npx', args: ['-y', 'server', '${ROOT:-.}'] }, web: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } };
    expect(await loadMcpConfig(file('ok.json', config))).toEqual(config);
  });

  it.each<[string, unknown, RegExp]>([
    ['not JSON', '{ "mcpServers": ', /not valid JSON/],
    ['no mcpServers', { servers: {} }, /"mcpServers" field/],
    ['mcpServers not an object', { mcpServers: [] }, /mcpServers must be an object/],
    ['no command', { mcpServers: { fs: { args: [] } } }, /server "fs": command must be a non-empty string/],
    ['args not an array', { mcpServers: { fs: { command: 'x', args: '-y' } } }, /server "fs": args must be an array/],
    ['an arg not a string', { mcpServers: { fs: { command: 'x', args: ['a', 2] } } }, /server "fs": args\[1\] must be a string/],
    ['an env value not a string', { mcpServers: { fs: { command: 'x', env: { DEBUG: true } } } }, /server "fs": env\.DEBUG must be a string/],
    ['an unsupported type', { mcpServers: { old: { type: 'sse', url: 'http://x' } } }, /server "old": type must be "stdio" or "http", got "sse"/],
    ['a misspelt field', { mcpServers: { fs: { command: 'x', arg: [] } } }, /server "fs": arg is not a field of a stdio server/],
    ['a url without type', { mcpServers: { web: { url: 'http://x' } } }, /server "web": type must be "http"/],
    ['http without url', { mcpServers: { web: { type: 'http' } } }, /server "web": url must be a non-empty string/],
    ['a header not a string', { mcpServers: { web: { type: 'http', url: 'http://x', headers: { 'X-Id': 1 } } } }, /server "web": headers\.X-Id must be a string/],
  ])('refuses %s with a ConfigurationError naming the server and field', async (_case, content, message) => {
    const error = await refusal(loadMcpConfig(file('bad.json', content)));
    expect(error.message).toMatch(message);
    expect(error.message).toContain(join(dir, 'bad.json'));
  });

  it('refuses a file it cannot read', async () => {
    expect((await refusal(loadMcpConfig(join(dir, 'missing.json')))).message).toMatch(/cannot be read/);
  });
});

describe('${VAR} expansion', () => {
  it('expands command, args and env from the environment, with defaults (a real server)', async () => {
    const registry = new ToolRegistry();
    const server = oddServer({ MCP_TEST_MARK: '${MARK_DIR}/${MARK_NAME:-expanded}.marks' });
    const config: McpServerMap = { odd: { ...server, command: '${NODE_BIN}', args: ['${UNSET_SERVER_PATH:-' + server.args![0]! + '}'] } };
    const mcp = await connectMcpServers(config, registry, { env: { NODE_BIN: process.execPath, MARK_DIR: dir, MARK_NAME: '' } });
    try {
      expect(mcp.status()[0]!.state).toBe('connected');
      expect(await execute(registry, 'mcp__odd__echo', { text: 'x' })).toEqual({ content: 'echo: x' });
      expect(marks(join(dir, 'expanded.marks'))).toContain('ready'); // an empty variable takes the default too
    } finally {
      await mcp.close();
    }
  });

  it('expands url and headers of an HTTP server', () => {
    const resolved = resolveServer('web', { type: 'http', url: 'http://${HOST:-127.0.0.1}:${PORT}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } }, { PORT: '8080', TOKEN: 't0ken' });
    expect(resolved).toEqual({ type: 'http', url: new URL('http://127.0.0.1:8080/mcp'), headers: { Authorization: 'Bearer t0ken' }, redact: expect.any(Function) });
    expect(resolved.redact('token t0ken; Bearer t0ken')).toBe('token [redacted]; [redacted]');
  });

  it('leaves text that is not a ${NAME} reference alone', () => {
    const resolved = resolveServer('s', { command: 'echo', args: ['$HOME', '${not a ref}', '${'] }, {});
    expect(resolved).toMatchObject({ args: ['$HOME', '${not a ref}', '${'] });
  });

  it('refuses an unset variable without default, naming server and field, before any server starts', async () => {
    const registry = new ToolRegistry();
    const config: McpServerMap = { first: oddServer(), second: { type: 'http', url: 'http://127.0.0.1/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } } };
    const error = await refusal(connectMcpServers(config, registry, { env: {} }));
    expect(error.message).toMatch(/server "second": headers\.Authorization uses \$\{API_TOKEN\}, which is not set/);
    expect(registry.list()).toEqual([]);
  });

  it('refuses a url that is not http(s) once expanded', async () => {
    const error = await refusal(connectMcpServers({ web: { type: 'http', url: '${SCHEME:-file}:///mcp' } }, new ToolRegistry(), { env: {} }));
    expect(error.message).toMatch(/server "web": url must be an http: or https: URL/);
  });
});

describe('connectMcpServers options', () => {
  it.each<[string, object, RegExp]>([
    ['trusted naming no configured server', { trusted: ['fs'] }, /trusted names "fs", which is not a configured server/],
    ['an unknown option', { trust: ['odd'] }, /connectMcpServers: "trust" is not an option \(options: trusted, /],
    ['a callTimeoutMs that is not positive', { callTimeoutMs: 0 }, /callTimeoutMs must be a positive number/],
    ['a needsApproval of the wrong type', { needsApproval: 'yes' }, /needsApproval must be true, false or an array/],
  ])('refuses %s', async (_case, options, message) => {
    expect((await refusal(connectMcpServers({ odd: oddServer() }, new ToolRegistry(), options))).message).toMatch(message);
  });

  it('refuses something that is not a registry', async () => {
    const error = await refusal(connectMcpServers({}, {} as ToolRegistry));
    expect(error.message).toMatch(/registry must be a ToolRegistry/);
  });

  it('connects nothing for an empty config', async () => {
    const mcp = await connectMcpServers({ mcpServers: {} }, new ToolRegistry());
    expect(mcp.status()).toEqual([]);
    await mcp.close();
  });
});
