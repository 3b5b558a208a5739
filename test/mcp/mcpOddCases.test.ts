// MCP tools from the test's own server (servers/oddServer.mjs, over stdio): schema dialects,
// a schema that does not compile, paging, result mapping, cancellation the server sees,
// list_changed, timeouts, collisions, approval, and lenient registration of unknown keywords.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAgent,
  RegistrationErrorCode,
  ToolErrorCode,
  ToolRegistrationError,
  ToolRegistry,
  type Tool,
} from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { connectMcpServers, McpErrorCode, type McpServers } from '../../src/mcp/index.js';
import { execute, marks, oddServer, until, SERVER_START_MS } from './helpers.js';

// A registry that refuses `prefixItems` the way a strict registry reports unknown keywords.
class StrictRegistry extends ToolRegistry {
  override register(...tools: Tool<never>[]): this {
    for (const tool of tools) {
      if (JSON.stringify(tool.parameters).includes('"prefixItems"')) {
        throw new ToolRegistrationError(RegistrationErrorCode.invalidToolSchema, `Tool "${tool.name}": unknown keyword prefixItems`, {
          details: { toolName: tool.name, unknownKeywords: ['prefixItems'] } as { toolName: string },
        });
      }
    }
    return super.register(...tools);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'tinyagent-mcp-odd-'));
const markFile = join(dir, 'shared.marks');
const fastMarkFile = join(dir, 'fast.marks');
const custom: Tool = { name: 'mcp__odd__echo', description: 'Mine', parameters: { type: 'object' }, execute: async () => 'mine' };

// Every server of this file starts at once (each is a node process); each test reads its own.
const registries = {
  shared: new ToolRegistry(),
  fast: new ToolRegistry(),
  trusted: new ToolRegistry(),
  changing: new ToolRegistry(),
  twoServers: new ToolRegistry(),
  custom: new ToolRegistry([custom]),
  strict: new StrictRegistry(),
};
const mcp = {} as Record<keyof typeof registries, McpServers>;

beforeAll(async () => {
  const odd = { odd: oddServer() };
  const connections: [keyof typeof registries, Promise<McpServers>][] = [
    ['shared', connectMcpServers({ odd: oddServer({ MCP_TEST_MARK: markFile, MCP_TEST_PAGE_SIZE: '5' }) }, registries.shared)],
    ['fast', connectMcpServers({ odd: oddServer({ MCP_TEST_MARK: fastMarkFile }) }, registries.fast, { callTimeoutMs: 200 })],
    ['trusted', connectMcpServers(odd, registries.trusted, { trusted: ['odd'], needsApproval: ['mcp__odd__fails'] })],
    ['changing', connectMcpServers(odd, registries.changing, { needsApproval: true })],
    ['twoServers', connectMcpServers({ 'odd.x': oddServer(), odd_x: oddServer() }, registries.twoServers)],
    ['custom', connectMcpServers(odd, registries.custom)],
    ['strict', connectMcpServers(odd, registries.strict)],
  ];
  for (const [key, connection] of connections) mcp[key] = await connection;
}, SERVER_START_MS);

afterAll(async () => {
  await Promise.all(Object.values(mcp).map((connection) => connection.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('one odd server', () => {
  const registry = registries.shared;

  it('follows tools/list paging and registers every page', () => {
    expect(marks(markFile).filter((line) => line.startsWith('list'))).toEqual(['list 0', 'list 5', 'list 10']);
    const [status] = mcp.shared.status();
    expect(status).toMatchObject({ server: 'odd', transport: 'stdio', state: 'connected' });
    expect(status!.tools).toContain('mcp__odd__changeable'); // on the third page
    expect(status!.tools).toHaveLength(13);
  });

  it('skips and reports a tool whose schema does not compile, without affecting its siblings', () => {
    const [status] = mcp.shared.status();
    expect(status!.skipped).toEqual([{ tool: 'broken', reason: expect.stringContaining('parameters') as string, code: RegistrationErrorCode.invalidToolSchema }]);
    expect(registry.has('mcp__odd__broken')).toBe(false);
    expect(registry.has('mcp__odd__pair')).toBe(true);
  });

  it('reads a schema without $schema as 2020-12 and keeps a declared draft-07', () => {
    expect(registry.get('mcp__odd__pair')!.parameters.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(registry.get('mcp__odd__email')!.parameters.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('validates calls with the dialect: prefixItems (2020-12) and format (draft-07) are enforced', async () => {
    const provider = createScriptedProvider([
      {
        toolCalls: [
          { id: 'ok', name: 'mcp__odd__pair', arguments: '{"pair":["a",1]}' },
          { id: 'bad', name: 'mcp__odd__pair', arguments: '{"pair":["a","b"]}' },
          { id: 'mail', name: 'mcp__odd__email', arguments: '{"to":"not an address"}' },
        ],
      },
      { text: 'done' },
    ]);
    const output = await createAgent({ provider, tools: registry }).run('go');
    const results = output.messages.filter((message) => message.role === 'tool');
    expect(results.map((result) => [result.content, result.code])).toEqual([
      ['pair: ["a",1]', undefined],
      [expect.stringContaining('/pair/1'), ToolErrorCode.invalidArguments],
      [expect.stringContaining('format'), ToolErrorCode.invalidArguments],
    ]);
  });

  it("introduces itself with the package's name and version", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(JSON.parse((await execute(registry, 'mcp__odd__client_info')).content)).toEqual({ name: 'tinyagent', version });
  });

  it('serialises structuredContent when there is no text', async () => {
    expect(await execute(registry, 'mcp__odd__structured')).toEqual({ content: '{"temperature":21.5,"unit":"C"}' });
  });

  it("keeps the server's isError as an error result with code tool_error", async () => {
    expect(await execute(registry, 'mcp__odd__fails')).toEqual({ content: 'the disk is full', isError: true, code: ToolErrorCode.toolError });
  });

  it('replaces images, audio and resources with placeholders that say what was omitted', async () => {
    const { content } = await execute(registry, 'mcp__odd__media');
    expect(content.split('\n')).toEqual([
      'before',
      '[image omitted: image/png, 8 bytes]',
      '[audio omitted: audio/wav, 4 bytes]',
      '[resource omitted: file:///notes.txt, text/plain, 5 bytes]',
      '[resource link omitted: file:///big.bin, application/octet-stream]',
      'after',
    ]);
  });

  it('cancels a running call through the Run: the server sees notifications/cancelled', async () => {
    const controller = new AbortController();
    const provider = createScriptedProvider([{ toolCalls: [{ id: 'long', name: 'mcp__odd__sleep', arguments: '{"ms":60000}' }] }]);
    const agent = createAgent({ provider, tools: registry });
    const run = agent.run('wait', { signal: controller.signal }).catch((error: unknown) => error);
    await until(() => marks(markFile).some((line) => line.startsWith('started')));
    controller.abort();
    const error = (await run) as { code: string; output: { messages: { role: string; code?: string }[] } };
    expect(error.code).toBe('cancelled');
    expect(error.output.messages.at(-1)).toMatchObject({ role: 'tool', code: ToolErrorCode.cancelled });
    const started = marks(markFile).find((line) => line.startsWith('started'))!.split(' ')[1];
    await until(() => marks(markFile).includes(`cancelled ${started}`));
  });

  it('gives an error result with code timeout when a call outlives callTimeoutMs, and cancels it on the server', async () => {
    const result = await execute(registries.fast, 'mcp__odd__sleep', { ms: 60_000 });
    expect(result).toMatchObject({ isError: true, code: McpErrorCode.timeout });
    expect(result.content).toContain('200 ms');
    await until(() => marks(fastMarkFile).some((line) => line.startsWith('cancelled'))); // the server was told
  });
});

describe('trust and approval', () => {
  it('maps readOnlyHint to readOnly and concurrencySafe only for a trusted server', async () => {
    expect(registries.shared.get('mcp__odd__echo')).not.toHaveProperty('readOnly');
    expect(registries.trusted.get('mcp__odd__echo')).toMatchObject({ readOnly: true, concurrencySafe: true });
    expect(registries.trusted.get('mcp__odd__fails')).not.toHaveProperty('readOnly'); // no readOnlyHint
  });

  it("makes a trusted server's tool with idempotentHint 'idempotent'; any other writing tool stays 'once'", async () => {
    expect(registries.trusted.get('mcp__odd__pair')).toMatchObject({ effects: 'idempotent' });
    expect(registries.shared.get('mcp__odd__pair')).not.toHaveProperty('effects');
    expect(registries.trusted.get('mcp__odd__fails')).not.toHaveProperty('effects');
  });

  it('sets needsApproval on every tool, or on the registered names listed', async () => {
    expect(registries.changing.list().every((tool) => tool.needsApproval === true)).toBe(true);
    expect(registries.trusted.list().filter((tool) => tool.needsApproval === true).map((tool) => tool.name)).toEqual(['mcp__odd__fails']);
  });
});

describe('approval', () => {
  it('asks before an MCP tool that needs approval runs: a denied call never reaches the server', async () => {
    const provider = createScriptedProvider([
      {
        toolCalls: [
          { id: 'fails', name: 'mcp__odd__fails', arguments: '{}' },
          { id: 'echo', name: 'mcp__odd__echo', arguments: '{"text":"no approval needed"}' },
        ],
      },
      { text: 'done' },
    ]);
    const asked: string[] = [];
    const agent = createAgent({
      provider,
      tools: registries.trusted,
      approve: async (request: { toolName: string }) => {
        asked.push(request.toolName);
        return { approved: false, reason: 'not today' };
      },
    });
    const output = await agent.run('go');
    const results = output.messages.filter((message) => message.role === 'tool');
    expect(asked).toEqual(['mcp__odd__fails']);
    expect(results.map((result) => result.code)).toEqual([ToolErrorCode.denied, undefined]);
    expect(results[0]!.content).toContain('not today');
    expect(results[1]!.content).toBe('echo: no approval needed');
  });
});

describe('list_changed', () => {
  it('registers new tools, refuses calls to removed and changed ones, and never replaces a tool', async () => {
    const registry = registries.changing;
    const status = () => mcp.changing.status()[0]!;
    const changeable = registry.get('mcp__odd__changeable');
    expect((await execute(registry, 'mcp__odd__change_tools')).content).toBe('changed');
    await until(() => registry.has('mcp__odd__added'));
    await until(() => status().withdrawn.length === 2);
    expect(status().withdrawn).toEqual([
      { tool: 'removable', name: 'mcp__odd__removable', reason: 'the server no longer offers this tool' },
      { tool: 'changeable', name: 'mcp__odd__changeable', reason: expect.stringContaining('changed') as string },
    ]);
    expect(status().tools).toContain('mcp__odd__added');
    expect(status().tools).not.toContain('mcp__odd__removable');
    expect(await execute(registry, 'mcp__odd__added')).toEqual({ content: 'added ran' });
    expect(registry.get('mcp__odd__added')!.needsApproval).toBe(true); // options apply to later tools too
    const removed = await execute(registry, 'mcp__odd__removable');
    expect(removed).toMatchObject({ isError: true, code: ToolErrorCode.toolError });
    expect(removed.content).toContain('no longer offers');
    expect(await execute(registry, 'mcp__odd__changeable')).toMatchObject({ isError: true, code: ToolErrorCode.toolError });
    expect(registry.get('mcp__odd__changeable')).toBe(changeable);
    expect(registry.get('mcp__odd__changeable')!.description).toBe('Changed by change_tools');
  });
});

describe('name collisions', () => {
  it('between two servers: the first in config order registers, the second is skipped and reported', async () => {
    const registry = registries.twoServers;
    const [first, second] = mcp.twoServers.status();
    expect(first!.tools).toContain('mcp__odd_x__echo');
    expect(second!.tools).toEqual([]);
    expect(second!.skipped).toContainEqual({ tool: 'echo', reason: expect.stringContaining('already registered') as string, code: RegistrationErrorCode.duplicateTool });
    expect(second!.skipped).toHaveLength(14); // 13 duplicates and the broken schema
    expect(await execute(registry, 'mcp__odd_x__echo', { text: 'x' })).toEqual({ content: 'echo: x' });
  });

  it('with a custom tool: the custom tool stays, the MCP tool is skipped, its siblings register', async () => {
    const registry = registries.custom;
    expect(registry.get('mcp__odd__echo')).toBe(custom);
    expect(mcp.custom.status()[0]!.skipped.map((entry) => entry.tool)).toEqual(['echo', 'broken']);
    expect(registry.has('mcp__odd__pair')).toBe(true);
  });
});

describe('lenient registration', () => {
  it('drops a keyword the registry refuses as unknown, registers the tool, and reports the keyword', async () => {
    const tool = registries.shared.get('mcp__odd__widget')!;
    expect(tool.parameters.properties).toEqual({ q: { type: 'string' } });
    expect(mcp.shared.status()[0]!.ignoredKeywords).toEqual([{ tool: 'widget', name: 'mcp__odd__widget', keywords: ['x-ui-widget'] }]);
    expect(await execute(registries.shared, 'mcp__odd__widget', { q: 'hello' })).toEqual({ content: 'widget: hello' });
  });

  it('drops exactly the keywords the registry names (a registry that refuses prefixItems)', async () => {
    expect(registries.strict.get('mcp__odd__pair')!.parameters).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { pair: { type: 'array', items: false } },
      required: ['pair'],
    });
    expect(mcp.strict.status()[0]!.ignoredKeywords).toEqual([
      { tool: 'pair', name: 'mcp__odd__pair', keywords: ['prefixItems'] },
      { tool: 'widget', name: 'mcp__odd__widget', keywords: ['x-ui-widget'] },
    ]);
  });
});
