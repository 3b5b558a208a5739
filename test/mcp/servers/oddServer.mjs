#!/usr/bin/env node
// A tiny MCP server over stdio, built on the SDK's McpServer, for the cases real servers
// do not show: raw schemas (one without $schema, one that does not compile), paging,
// list_changed, structuredContent, isError, non-text content, a call that waits to be
// cancelled, and a child process of its own (for the process-group checks).
// Environment: MCP_TEST_MARK (file the server appends what it saw to), MCP_TEST_PAGE_SIZE,
// MCP_TEST_GRANDCHILD=1 (start a child process), MCP_TEST_PREFIX (prefix of tool names).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const mark = (line) => {
  if (process.env.MCP_TEST_MARK) appendFileSync(process.env.MCP_TEST_MARK, `${line}\n`);
};
const pageSize = Number(process.env.MCP_TEST_PAGE_SIZE ?? 5);
const object = (properties = {}, required = []) => ({ type: 'object', properties, required });

let tools = [
  { name: 'echo', description: 'Echoes text', inputSchema: object({ text: { type: 'string' } }, ['text']), annotations: { readOnlyHint: true } },
  {
    name: 'pair',
    description: 'Takes a [string, number] pair (a 2020-12 schema without $schema)',
    inputSchema: object({ pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false } }, ['pair']),
    annotations: { idempotentHint: true },
  },
  {
    name: 'email',
    description: 'Takes an email address (draft-07, format)',
    inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', ...object({ to: { type: 'string', format: 'email' } }, ['to']) },
  },
  { name: 'broken', description: 'A schema that does not compile', inputSchema: object({ a: { type: 'nonsense' } }) },
  {
    name: 'widget',
    description: 'A schema with a keyword JSON Schema does not define',
    inputSchema: object({ q: { type: 'string', 'x-ui-widget': 'textarea' } }, ['q']),
  },
  { name: 'structured', description: 'Returns only structuredContent', inputSchema: object() },
  { name: 'fails', description: 'Returns isError: true', inputSchema: object() },
  { name: 'media', description: 'Returns image, audio and resources', inputSchema: object() },
  { name: 'sleep', description: 'Waits ms milliseconds, or until cancelled', inputSchema: object({ ms: { type: 'number' } }) },
  { name: 'pids', description: 'Its process id and its child process id', inputSchema: object() },
  { name: 'client_info', description: 'The clientInfo the client sent in initialize', inputSchema: object() },
  { name: 'change_tools', description: 'Adds, removes and changes tools, then notifies', inputSchema: object() },
  { name: 'removable', description: 'Removed by change_tools', inputSchema: object() },
  { name: 'changeable', description: 'Changed by change_tools', inputSchema: object() },
];

const grandchild = process.env.MCP_TEST_GRANDCHILD === '1'
  ? spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' })
  : undefined;

const mcp = new McpServer({ name: 'odd', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
const server = mcp.server;

server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  const start = Number(request.params?.cursor ?? 0);
  const page = tools.slice(start, start + pageSize);
  mark(`list ${start}`);
  const next = start + pageSize < tools.length ? String(start + pageSize) : undefined;
  return next === undefined ? { tools: page } : { tools: page, nextCursor: next };
});

const text = (value) => ({ content: [{ type: 'text', text: value }] });

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const { name, arguments: args = {} } = request.params;
  switch (name) {
    case 'echo':
      return text(`echo: ${args.text}`);
    case 'pair':
      return text(`pair: ${JSON.stringify(args.pair)}`);
    case 'email':
      return text(`sent to ${args.to}`);
    case 'widget':
      return text(`widget: ${args.q}`);
    case 'structured':
      return { content: [], structuredContent: { temperature: 21.5, unit: 'C' } };
    case 'fails':
      return { content: [{ type: 'text', text: 'the disk is full' }], isError: true };
    case 'media':
      return {
        content: [
          { type: 'text', text: 'before' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text: 'hello' } },
          { type: 'resource_link', uri: 'file:///big.bin', name: 'big', mimeType: 'application/octet-stream' },
          { type: 'text', text: 'after' },
        ],
      };
    case 'sleep':
      mark(`started ${extra.requestId}`);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(text('slept')), args.ms ?? 60_000);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          mark(`cancelled ${extra.requestId}`);
          resolve(text('cancelled'));
        });
      });
    case 'pids':
      return text(JSON.stringify({ pid: process.pid, grandchild: grandchild?.pid ?? null }));
    case 'client_info':
      return text(JSON.stringify(server.getClientVersion()));
    case 'change_tools':
      tools = tools
        .filter((tool) => tool.name !== 'removable')
        .map((tool) => (tool.name === 'changeable' ? { ...tool, description: 'Changed!' } : tool))
        .concat([{ name: 'added', description: 'Added by change_tools', inputSchema: object() }]);
      await server.sendToolListChanged();
      return text('changed');
    case 'added':
    case 'removable':
    case 'changeable':
      return text(`${name} ran`);
    default:
      return { content: [{ type: 'text', text: `unknown tool ${name}` }], isError: true };
  }
});

await mcp.connect(new StdioServerTransport());
mark('ready');
