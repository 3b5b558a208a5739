#!/usr/bin/env node
// An MCP server over Streamable HTTP that requires OAuth, with its own authorization server
// (the SDK's mcpAuthRouter and requireBearerAuth), on 127.0.0.1 only. It approves every
// authorization at once (the redirect carries the code), issues refresh tokens, and counts
// what it did on GET /stats. POST /expire makes every access token invalid (the next request
// gets 401, the client refreshes). Prints "LISTENING <port>" on stderr.
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';

const stats = { registrations: 0, authorizations: 0, codeExchanges: 0, refreshes: 0 };
const clients = new Map();
const codes = new Map();
const accessTokens = new Map();
const refreshTokens = new Map();

const issue = (clientId) => {
  const access = randomUUID();
  const refresh = randomUUID();
  accessTokens.set(access, { clientId, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
  refreshTokens.set(refresh, clientId);
  return { access_token: access, token_type: 'bearer', expires_in: 3600, refresh_token: refresh };
};

const provider = {
  clientsStore: {
    getClient: async (id) => clients.get(id),
    registerClient: async (client) => {
      stats.registrations++;
      clients.set(client.client_id, client);
      return client;
    },
  },
  async authorize(client, params, res) {
    stats.authorizations++;
    const code = randomUUID();
    codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge });
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    res.redirect(target.href);
  },
  challengeForAuthorizationCode: async (_client, code) => codes.get(code).challenge,
  async exchangeAuthorizationCode(client, code) {
    stats.codeExchanges++;
    codes.delete(code);
    return issue(client.client_id);
  },
  async exchangeRefreshToken(client, refreshToken) {
    if (refreshTokens.get(refreshToken) !== client.client_id) throw new Error('unknown refresh token');
    stats.refreshes++;
    refreshTokens.delete(refreshToken);
    return issue(client.client_id);
  },
  async verifyAccessToken(token) {
    const data = accessTokens.get(token);
    if (!data) throw new (await import('@modelcontextprotocol/sdk/server/auth/errors.js')).InvalidTokenError('unknown or expired token');
    return { token, clientId: data.clientId, scopes: [], expiresAt: data.expiresAt };
  },
};

const app = express();
const server = app.listen(0, '127.0.0.1', () => {
  const base = new URL(`http://127.0.0.1:${server.address().port}`);
  const mcpUrl = new URL('/mcp', base);
  app.use(mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl }));
  app.get('/stats', (_req, res) => res.json(stats));
  app.post('/expire', (_req, res) => {
    accessTokens.clear();
    res.json({ ok: true });
  });
  const auth = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) });
  app.post('/mcp', express.json(), auth, async (req, res) => {
    const mcp = new McpServer({ name: 'protected', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Says which client called' }, async (extra) => ({
      content: [{ type: 'text', text: `client ${extra.authInfo?.clientId}` }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.get('/mcp', (_req, res) => res.status(405).end());
  process.stderr.write(`LISTENING ${server.address().port}\n`);
});

process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
