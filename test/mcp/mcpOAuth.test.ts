// OAuth end to end with a real protected server and its authorization server
// (servers/oauthServer.mjs, 127.0.0.1): discovery, dynamic registration, PKCE, the code from
// getAuthorizationCode, the reconnect; tokens reused from the store; a refresh on 401.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/index.js';
import { connectMcpServers, createMemoryOAuthStore, type McpOAuthOptions } from '../../src/mcp/index.js';
import { execute, SERVER_START_MS } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
let child: ChildProcess;
let base: string;

beforeAll(async () => {
  child = spawn(process.execPath, [join(here, 'servers/oauthServer.mjs')], { stdio: ['pipe', 'ignore', 'pipe'] });
  const port = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /LISTENING (\d+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the OAuth server exited with ${code}: ${seen}`)));
  });
  base = `http://127.0.0.1:${port}`;
}, SERVER_START_MS);

afterAll(() => {
  child.kill();
});

const stats = async () => (await (await fetch(`${base}/stats`)).json()) as Record<string, number>;

// The person approves at once: the authorization server's redirect carries the code.
const asked: string[] = [];
const oauth = (store = createMemoryOAuthStore()): McpOAuthOptions => ({
  store,
  redirectUri: 'http://127.0.0.1:9/callback',
  getAuthorizationCode: async (server, url) => {
    asked.push(server);
    const response = await fetch(url, { redirect: 'manual' });
    return new URL(response.headers.get('location')!).searchParams.get('code')!;
  },
});

describe('OAuth for an HTTP server', () => {
  const store = createMemoryOAuthStore();

  it('without the oauth option: the server is failed, and says it needs authorization', async () => {
    const mcp = await connectMcpServers({ docs: { type: 'http', url: `${base}/mcp` } }, new ToolRegistry());
    expect(mcp.status()[0]).toMatchObject({ state: 'failed', error: expect.stringContaining('requires authorization') as string });
    await mcp.close();
  });

  it('on 401: registers, asks getAuthorizationCode once, finishes the flow and connects', async () => {
    const registry = new ToolRegistry();
    const mcp = await connectMcpServers({ docs: { type: 'http', url: `${base}/mcp` } }, registry, { oauth: oauth(store) });
    try {
      expect(mcp.status()[0]).toMatchObject({ state: 'connected', tools: ['mcp__docs__whoami'] });
      expect(asked).toEqual(['docs']);
      const saved = (await store.load('docs'))!;
      expect(saved.serverUrl).toBe(`${base}/mcp`);
      expect((await execute(registry, 'mcp__docs__whoami')).content).toBe(`client ${saved.clientInformation!.client_id}`);
      expect(await stats()).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1 });
    } finally {
      await mcp.close();
    }
  });

  it('connects again with the stored tokens, without asking; on 401 it refreshes them, without asking', async () => {
    const registry = new ToolRegistry();
    const mcp = await connectMcpServers({ docs: { type: 'http', url: `${base}/mcp` } }, registry, { oauth: oauth(store) });
    try {
      expect(mcp.status()[0]!.state).toBe('connected');
      const before = (await store.load('docs'))!.tokens!.access_token;
      await fetch(`${base}/expire`, { method: 'POST' });
      expect((await execute(registry, 'mcp__docs__whoami')).content).toMatch(/^client /);
      expect((await store.load('docs'))!.tokens!.access_token).not.toBe(before);
      expect(asked).toEqual(['docs']);
      expect(await stats()).toMatchObject({ registrations: 1, authorizations: 1, refreshes: 1 });
    } finally {
      await mcp.close();
    }
  });

  it('a refused authorization makes the server failed with the reason', async () => {
    const mcp = await connectMcpServers({ other: { type: 'http', url: `${base}/mcp` } }, new ToolRegistry(), {
      oauth: { getAuthorizationCode: () => Promise.reject(new Error('the person said no')) },
    });
    expect(mcp.status()[0]).toMatchObject({ state: 'failed', error: expect.stringContaining('the person said no') as string });
    await mcp.close();
  });
});
