// Secrets in MCP errors: what `${VAR}` expanded to and the credentials of a URL never reach
// status(), even when a server echoes them back (a real HTTP server on 127.0.0.1 that
// repeats the request, and a real stdio server that prints its environment to stderr).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/index.js';
import { connectMcpServers } from '../../src/mcp/index.js';
import { SERVER_START_MS } from './helpers.js';

const env = { TOKEN: 'tok-3f9a-secret', API_KEY: 'key-77c1-secret', PASSWORD: 'pw-51d0-secret' };
let echo: Server;
let port: number;

beforeAll(async () => {
  // Answers every request with 400 and a body that repeats its URL and headers, as careless servers do.
  echo = createServer((request, response) => {
    response.writeHead(400, { 'content-type': 'text/plain' });
    response.end(`bad request ${request.url} with ${JSON.stringify(request.headers)}`);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  port = (echo.address() as AddressInfo).port;
}, SERVER_START_MS);

afterAll(() => new Promise<void>((resolve) => echo.close(() => resolve())));

function expectNoSecret(text: string | undefined): void {
  expect(text).toBeTruthy();
  for (const secret of Object.values(env)) expect(text).not.toContain(secret);
  expect(text).toContain('[redacted]');
}

describe('connection errors', () => {
  it('redact expanded headers and query values that an HTTP server echoes back', async () => {
    const mcp = await connectMcpServers(
      { web: { type: 'http', url: `http://127.0.0.1:${port}/mcp?key=\${API_KEY}`, headers: { Authorization: 'Bearer ${TOKEN}' } } },
      new ToolRegistry(),
      { env },
    );
    const [status] = mcp.status();
    await mcp.close();
    expect(status!.state).toBe('failed');
    expectNoSecret(status!.error);
  });

  it('redact the credentials of a URL', async () => {
    const mcp = await connectMcpServers({ web: { type: 'http', url: `http://agent:\${PASSWORD}@127.0.0.1:${port}/mcp` } }, new ToolRegistry(), { env });
    const [status] = mcp.status();
    await mcp.close();
    expect(status!.state).toBe('failed');
    expect(status!.error).not.toContain(env.PASSWORD);
  });

  it("redact an expanded variable that a stdio server prints on stderr before it dies", async () => {
    const script = 'console.error("starting with token " + process.env.SERVER_TOKEN); process.exit(1)';
    const mcp = await connectMcpServers({ tool: { command: process.execPath, args: ['-e', script], env: { SERVER_TOKEN: '${TOKEN}' } } }, new ToolRegistry(), { env });
    const [status] = mcp.status();
    await mcp.close();
    expect(status!.state).toBe('failed');
    expect(status!.error).toContain('starting with token');
    expectNoSecret(status!.error);
  });
});
