// Elicitation with a real server built on the SDK (servers/elicitingServer.mjs): the client
// declares the capability only when the application answers, a form's answer gets its
// defaults and is checked against the requested schema, URL mode reaches the application.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/index.js';
import {
  checkElicitationContent,
  connectMcpServers,
  type McpElicitationRequest,
  type McpElicitationResult,
  type McpServers,
} from '../../src/mcp/index.js';
import { elicitingServer, everythingStdio, execute, SERVER_START_MS } from './helpers.js';

const asked: { request: McpElicitationRequest; signal: AbortSignal }[] = [];
let answer: McpElicitationResult = { action: 'decline' };
const answering = new ToolRegistry();
const silent = new ToolRegistry();
const everything = new ToolRegistry();
const servers: McpServers[] = [];

beforeAll(async () => {
  servers.push(
    await connectMcpServers({ ask: elicitingServer() }, answering, {
      onElicitation: async (request, { signal }) => {
        asked.push({ request, signal });
        return answer;
      },
    }),
    await connectMcpServers({ ask: elicitingServer() }, silent),
    await connectMcpServers({ everything: everythingStdio() }, everything, { onElicitation: async () => ({ action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } }) }),
  );
}, SERVER_START_MS);

afterAll(() => Promise.all(servers.map((server) => server.close())));

const ask = async (tool: string, registry = answering) => JSON.parse((await execute(registry, tool)).content) as Record<string, unknown>;

describe('elicitation', () => {
  it('is not declared without onElicitation: the server is told the client does not support it', async () => {
    expect(await ask('mcp__ask__ask_form', silent)).toEqual({ error: expect.stringMatching(/does not support/i) as string });
  });

  it('passes a form to onElicitation and returns the accepted content with the defaults filled in', async () => {
    answer = { action: 'accept', content: { name: 'Ada', level: 'high' } };
    expect(await ask('mcp__ask__ask_form')).toEqual({ action: 'accept', content: { name: 'Ada', level: 'high', age: 30 } });
    const { request, signal } = asked.at(-1)!;
    expect(request).toMatchObject({ server: 'ask', mode: 'form', message: 'Who are you?', requestedSchema: { required: ['name', 'level'] } });
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('refuses content that does not match the requested schema: the server gets an error, not the values', async () => {
    answer = { action: 'accept', content: { name: 'A', level: 'medium' } };
    const result = await ask('mcp__ask__ask_form');
    expect(result.error).toContain('does not match the requested schema');
    expect(result.error).toContain('/name');
    expect(result.error).toContain('/level');
  });

  it('returns decline and cancel as they are', async () => {
    answer = { action: 'decline' };
    expect(await ask('mcp__ask__ask_form')).toEqual({ action: 'decline' });
    answer = { action: 'cancel' };
    expect(await ask('mcp__ask__ask_form')).toEqual({ action: 'cancel' });
  });

  it('passes a URL request to onElicitation', async () => {
    answer = { action: 'accept' };
    expect(await ask('mcp__ask__ask_url')).toEqual({ action: 'accept' });
    expect(asked.at(-1)!.request).toEqual({ server: 'ask', mode: 'url', message: 'Sign in, please', url: 'https://example.com/sign-in', elicitationId: 'e-1' });
  });
});

describe('elicitation with server-everything', () => {
  it("answers its form (formats, enums, defaults): the server gets the person's values and the defaults", async () => {
    const { content } = await execute(everything, 'mcp__everything__trigger-elicitation-request');
    expect(content).toContain('User provided the requested information');
    const raw = JSON.parse(content.slice(content.indexOf('{'))) as { action: string; content: Record<string, unknown> };
    expect(raw).toMatchObject({ action: 'accept', content: { name: 'Ada', email: 'ada@example.com', integer: 42, untitledSingleSelectEnum: 'Monica' } });
  });
});

describe('checkElicitationContent', () => {
  const schema = { type: 'object' as const, properties: { age: { type: 'integer' }, email: { type: 'string', format: 'email' } }, required: ['age'] };

  it('names each problem with its path, and nothing for content that matches', () => {
    expect(checkElicitationContent(schema, { age: 3, email: 'a@b.example' })).toEqual([]);
    expect(checkElicitationContent(schema, { age: 'x', email: 'nope' })).toEqual(['/age must be integer', '/email must match format "email"']);
    expect(checkElicitationContent(schema, {})).toEqual(["(content) must have required property 'age'"]);
  });
});
