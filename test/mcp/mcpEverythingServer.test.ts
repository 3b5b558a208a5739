// MCP tools from @modelcontextprotocol/server-everything, over stdio and over Streamable
// HTTP (bound to 127.0.0.1 only): listing, registration, a whole agent Run, results,
// cancellation, a server killed mid-call on each transport, and close().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, ToolErrorCode, ToolRegistry } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { connectMcpServers, McpErrorCode, type McpServers } from '../../src/mcp/index.js';
import { everythingStdio, execute, isRunning, startEverythingHttp, until, type HttpServer, SERVER_START_MS } from './helpers.js';

let web: HttpServer;
let doomedWeb: HttpServer;
const registry = new ToolRegistry();
const doomedRegistry = new ToolRegistry();
let mcp: McpServers;
let doomed: McpServers;

beforeAll(async () => {
  [web, doomedWeb] = await Promise.all([startEverythingHttp(), startEverythingHttp()]);
  [mcp, doomed] = await Promise.all([
    connectMcpServers({ mcpServers: { everything: everythingStdio(), web: web.config } }, registry, { trusted: ['everything'] }),
    // Servers of their own, to be killed mid-call.
    connectMcpServers({ local: everythingStdio(), remote: doomedWeb.config }, doomedRegistry),
  ]);
}, SERVER_START_MS);

afterAll(async () => {
  await Promise.all([mcp?.close(), doomed?.close()]);
  web?.kill();
  doomedWeb?.kill();
});

describe('server-everything on both transports', () => {
  it('listens on 127.0.0.1 only in HTTP mode', () => {
    expect(web.host).toBe('127.0.0.1');
  });

  it('lists and registers the tools of both servers', () => {
    const [stdio, http] = mcp.status();
    // Its one tool that runs only as an MCP task is left out (the SDK's callTool() refuses such tools).
    const taskOnly = [{ tool: 'simulate-research-query', reason: 'the tool can only run as an MCP task, which this client does not use' }];
    expect(stdio).toMatchObject({ server: 'everything', transport: 'stdio', state: 'connected', skipped: taskOnly });
    expect(http).toMatchObject({ server: 'web', transport: 'http', state: 'connected', skipped: taskOnly });
    for (const name of ['echo', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']) {
      expect(stdio!.tools).toContain(`mcp__everything__${name}`);
      expect(http!.tools).toContain(`mcp__web__${name}`);
    }
    expect(registry.get('mcp__everything__get-sum')!.description).toBe(registry.get('mcp__web__get-sum')!.description);
  });

  it('believes readOnlyHint only for the trusted server', () => {
    expect(registry.get('mcp__everything__echo')).toMatchObject({ readOnly: true, concurrencySafe: true });
    expect(registry.get('mcp__web__echo')).not.toHaveProperty('readOnly');
  });

  it('runs a whole agent Run that calls tools of both servers', async () => {
    const provider = createScriptedProvider([
      {
        toolCalls: [
          { id: 'sum', name: 'mcp__everything__get-sum', arguments: '{"a":2,"b":40}' },
          { id: 'echo', name: 'mcp__web__echo', arguments: '{"message":"over http"}' },
        ],
      },
      (request) => ({ text: request.messages.filter((m) => m.role === 'tool').map((m) => m.content).join(' | ') }),
    ]);
    const output = await createAgent({ provider, tools: registry }).run('add and echo');
    expect(output.status).toBe('completed');
    expect(output.text).toMatch(/42.*\|.*Echo: over http/);
    expect(provider.requests[0]!.tools.map((tool) => tool.name)).toContain('mcp__web__echo');
  });

  it.each(['everything', 'web'])('replaces the image of get-tiny-image with a placeholder (%s)', async (server) => {
    const { content, isError } = await execute(registry, `mcp__${server}__get-tiny-image`);
    expect(isError).toBeUndefined();
    expect(content).toMatch(/\[image omitted: image\/png, \d+(\.\d)? (bytes|KiB)\]/);
    expect(content).not.toContain('iVBOR');
  });

  it("keeps the server's isError result (arguments the server's own validation refuses)", async () => {
    const result = await execute(registry, 'mcp__web__get-sum', { a: 'two', b: 40 });
    expect(result).toMatchObject({ isError: true, code: ToolErrorCode.toolError });
    expect(result.content).toMatch(/invalid|validation|expected/i);
  });

  it.each(['everything', 'web'])('cancels a long-running call when the Run is cancelled (%s)', async (server) => {
    const controller = new AbortController();
    let started!: () => void;
    const providerAsked = new Promise<void>((resolve) => (started = resolve));
    const provider = createScriptedProvider([
      { toolCalls: [{ id: 'long', name: `mcp__${server}__trigger-long-running-operation`, arguments: '{"duration":60,"steps":60}' }] },
    ]);
    const agent = createAgent({ provider, tools: registry });
    const stream = agent.stream('wait', { signal: controller.signal });
    const done = new Promise<string[]>((resolve) => {
      const types: string[] = [];
      stream.subscribe({
        next: (event) => {
          types.push(event.type);
          if (event.type === 'tool.started') started();
        },
        complete: () => resolve(types),
      });
    });
    await providerAsked;
    controller.abort();
    expect((await done).at(-1)).toBe('run.cancelled');
    // The server is still fine afterwards.
    expect((await execute(registry, `mcp__${server}__echo`, { message: 'still here' })).content).toBe('Echo: still here');
  });
});

describe('a server killed mid-call', () => {
  it.each([
    ['local', 'stdio'],
    ['remote', 'http'],
  ])('gives the call mcp_server_closed promptly, and later calls fail fast (%s, %s)', async (server, transport) => {
    const name = `mcp__${server}__trigger-long-running-operation`;
    const status = () => doomed.status().find((entry) => entry.server === server)!;
    expect(status().transport).toBe(transport);
    const posts = () => doomedWeb.output().split('Received MCP POST request').length;
    const postsBefore = posts();
    const call = execute(doomedRegistry, name, { duration: 60, steps: 60 });
    // Kill only once the server has the request. stdio is read in order: when a later
    // request is answered, the long one has been read. The HTTP server logs each POST.
    if (transport === 'stdio') await execute(doomedRegistry, `mcp__${server}__echo`, { message: 'after the long call' });
    else await until(() => posts() > postsBefore);
    if (transport === 'stdio') process.kill(status().pid!, 'SIGKILL');
    else doomedWeb.kill();
    const killedAt = Date.now();
    const result = await call;
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(result).toMatchObject({ isError: true, code: McpErrorCode.serverClosed });
    expect(status()).toMatchObject({ state: 'closed', error: expect.any(String) as string });
    const later = await execute(doomedRegistry, `mcp__${server}__echo`, { message: 'anyone?' });
    expect(later).toMatchObject({ isError: true, code: McpErrorCode.serverClosed });
    expect(later.content).toContain(`"${server}" is closed`);
  });
});

describe('close()', () => {
  // Last in this file: it closes the servers the tests above used.
  it('ends the stdio server process, terminates the HTTP session, and later calls fail fast', async () => {
    const pid = mcp.status()[0]!.pid!;
    expect(isRunning(pid)).toBe(true);
    await mcp.close();
    expect(isRunning(pid)).toBe(false);
    await until(() => web.output().includes('Received session termination request'));
    expect(mcp.status().map((server) => server.state)).toEqual(['closed', 'closed']);
    for (const server of ['everything', 'web']) {
      expect(await execute(registry, `mcp__${server}__echo`, { message: 'x' })).toMatchObject({ code: McpErrorCode.serverClosed });
    }
  });
});
