#!/usr/bin/env node
// An MCP stdio server built on the SDK that asks its client in the middle of a call
// (elicitation/create): `ask_form` asks for a name, an age and a level (the age has a default),
// `ask_url` asks the person to visit a URL; each returns the client's answer as JSON, or the
// error the request got (a client without the capability, an answer the SDK refused).
// MCP_TEST_URL and MCP_TEST_URL_MESSAGE replace what `ask_url` sends (hostile text, in tests).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const mcp = new McpServer({ name: 'eliciting', version: '1.0.0' });
const asJson = (value) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });
const attempt = async (ask) => {
  try {
    return asJson(await ask());
  } catch (error) {
    return asJson({ error: error.message });
  }
};

mcp.registerTool('ask_form', { description: 'Asks for a name, an age and a level' }, async () =>
  attempt(() =>
    mcp.server.elicitInput({
      mode: 'form',
      message: 'Who are you?',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 2 },
          age: { type: 'integer', minimum: 0, default: 30 },
          level: { type: 'string', enum: ['low', 'high'] },
        },
        required: ['name', 'level'],
      },
    }),
  ),
);

mcp.registerTool('ask_url', { description: 'Asks the person to visit a URL' }, async () =>
  attempt(() => mcp.server.elicitInput({
      mode: 'url',
      message: process.env.MCP_TEST_URL_MESSAGE ?? 'Sign in, please',
      url: process.env.MCP_TEST_URL ?? 'https://example.com/sign-in',
      elicitationId: 'e-1',
    })),
);

await mcp.connect(new StdioServerTransport());
