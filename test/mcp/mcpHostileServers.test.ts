// Servers that misbehave on purpose (servers/rawServer.mjs, real processes): a schema too
// deep to handle, a tool list that is not one, a malformed tool among good ones, a result
// over the SDK's message limit; and time limits no timer can hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, ToolErrorCode, ToolRegistry } from '../../src/index.js';
import { connectMcpServers, McpErrorCode, type McpServers } from '../../src/mcp/index.js';
import { execute, rawServer, SERVER_START_MS } from './helpers.js';

// Each case has its own servers, so that one failing cannot hide another.
function connected(config: Parameters<typeof connectMcpServers>[0]) {
  const state = { registry: new ToolRegistry(), mcp: undefined as McpServers | undefined };
  beforeAll(async () => {
    state.mcp = await connectMcpServers(config, state.registry);
  }, SERVER_START_MS);
  afterAll(() => state.mcp?.close());
  return state;
}

describe('a hostile tool list', () => {
  const hostile = connected({
    deep: rawServer({ MCP_TEST_DEEP: '20000' }),
    badList: rawServer({ MCP_TEST_BAD_LIST: '1' }),
    malformed: rawServer({ MCP_TEST_MALFORMED: '1' }),
  });

  it('skips and reports a tool with a 20,000-level-deep inputSchema; its sibling and the other servers register', () => {
    const [deep, , malformed] = hostile.mcp!.status();
    expect(deep).toMatchObject({ server: 'deep', state: 'connected', tools: ['mcp__deep__fine'] });
    expect(deep!.skipped).toEqual([expect.objectContaining({ tool: 'deep', reason: expect.stringMatching(/call stack|deep/) as string })]);
    expect(malformed!.tools).toEqual(['mcp__malformed__fine']);
  });

  it('marks a server whose tools/list is not a list failed, and still returns a handle', () => {
    const badList = hostile.mcp!.status()[1]!;
    expect(badList).toMatchObject({ server: 'badList', state: 'failed', tools: [] });
    expect(badList.error).toBeTruthy();
  });

  it('keeps the good tools of a page that also lists a malformed one, and reports the malformed one', () => {
    const malformed = hostile.mcp!.status()[2]!;
    expect(malformed.skipped).toEqual([{ tool: 'malformed', reason: expect.stringContaining('inputSchema') as string }]);
  });
});

describe('a result over the message limit', () => {
  const { registry } = connected({ huge: rawServer({ MCP_TEST_HUGE_BYTES: String(11 * 1024 * 1024) }) });

  it('is reported at once as too large, not as a timeout, and the server stays usable', async () => {
    const result = await execute(registry, 'mcp__huge__huge');
    expect(result).toMatchObject({ isError: true, code: ToolErrorCode.toolError });
    expect(result.content).toContain('too large');
    expect(result.content).toContain('more than the 10 MiB');
    expect(await execute(registry, 'mcp__huge__fine')).toEqual({ content: 'fine' });
  });
});

describe('a result over the message limit that cannot be told apart', () => {
  const huge = connected({ huge: rawServer({ MCP_TEST_HUGE_BYTES: String(11 * 1024 * 1024), MCP_TEST_ID_IN_MIDDLE: '1' }) });

  it('ends the connection at once (every waiting call fails now), and says why', async () => {
    const result = await execute(huge.registry, 'mcp__huge__huge');
    expect(result).toMatchObject({ isError: true, code: McpErrorCode.serverClosed });
    expect(result.content).toContain('more than the 10 MiB');
    expect(huge.mcp!.status()[0]).toMatchObject({ state: 'closed', error: expect.stringContaining('more than the 10 MiB') as string });
  });
});

describe('time limits', () => {
  it.each(['callTimeoutMs', 'connectTimeoutMs'])('refuses %s above 2^31-1 ms (a longer timer fires at once)', async (option) => {
    const attempt = connectMcpServers({ fine: rawServer() }, new ToolRegistry(), { [option]: 2 ** 31 });
    await expect(attempt).rejects.toThrow(ConfigurationError);
    await expect(attempt).rejects.toThrow(`${option} must be at most 2147483647 ms`);
  });

  it('accepts 2^31-1 ms itself', async () => {
    const servers = await connectMcpServers({}, new ToolRegistry(), { callTimeoutMs: 2 ** 31 - 1, connectTimeoutMs: 2 ** 31 - 1 });
    expect(servers.status()).toEqual([]);
  });
});
