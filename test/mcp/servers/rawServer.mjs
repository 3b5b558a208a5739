#!/usr/bin/env node
// An MCP stdio server written by hand, without the SDK, for what an SDK server cannot send:
// a tool whose inputSchema is nested MCP_TEST_DEEP levels deep (the SDK's own JSON.stringify
// would overflow), a result of MCP_TEST_HUGE_BYTES bytes, a tool list that is not a list
// (MCP_TEST_BAD_LIST=1), a handshake that never comes (MCP_TEST_SILENT=1), and a server that
// ignores SIGTERM and stdin's end with a child that does too (MCP_TEST_STUBBORN=1). Its pid
// (and its child's) go to MCP_TEST_PIDS when set; MCP_TEST_ID_IN_MIDDLE=1 puts each answer's id
// between its result and its jsonrpc field. MCP_TEST_META=1 adds a tool that answers with the `_meta` of its call.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const env = process.env;
let child;
if (env.MCP_TEST_STUBBORN === '1') {
  process.on('SIGTERM', () => undefined);
  child = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1 << 30)"], { stdio: 'ignore' });
  setInterval(() => undefined, 1 << 30);
}
if (env.MCP_TEST_PIDS) writeFileSync(env.MCP_TEST_PIDS, JSON.stringify({ pid: process.pid, child: child?.pid ?? null }));

const send = (text) => process.stdout.write(`${text}\n`);
const answer = (id, result) =>
  env.MCP_TEST_ID_IN_MIDDLE === '1'
    ? send(`{"result":${result},"id":${JSON.stringify(id)},"jsonrpc":"2.0"}`)
    : send(`{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`);

function deepSchema(depth) {
  // {"type":"object","properties":{"a":{"type":"object","properties":{"a": ... }}}}
  const open = '{"type":"object","properties":{"a":';
  return `${open.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
}

function tools() {
  const list = ['{"name":"fine","description":"A plain tool","inputSchema":{"type":"object","properties":{}}}'];
  if (env.MCP_TEST_META === '1') list.push('{"name":"meta","description":"Answers with the _meta of its call","inputSchema":{"type":"object","properties":{}}}');
  if (env.MCP_TEST_DEEP) list.push(`{"name":"deep","description":"A very deep schema","inputSchema":${deepSchema(Number(env.MCP_TEST_DEEP))}}`);
  if (env.MCP_TEST_HUGE_BYTES) list.push('{"name":"huge","description":"A huge result","inputSchema":{"type":"object","properties":{}}}');
  if (env.MCP_TEST_MALFORMED === '1') list.push('{"name":"malformed","description":"No inputSchema"}');
  return `{"tools":[${list.join(',')}]}`;
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined) return; // notifications
  switch (message.method) {
    case 'initialize':
      if (env.MCP_TEST_SILENT === '1') return;
      return answer(message.id, '{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1.0.0"}}');
    case 'tools/list':
      return env.MCP_TEST_BAD_LIST === '1' ? answer(message.id, '{"tools":"not a list"}') : answer(message.id, tools());
    case 'tools/call':
      if (message.params.name === 'huge') {
        const text = 'x'.repeat(Number(env.MCP_TEST_HUGE_BYTES));
        return answer(message.id, `{"content":[{"type":"text","text":"${text}"}]}`);
      }
      if (message.params.name === 'meta') {
        return answer(message.id, JSON.stringify({ content: [{ type: 'text', text: JSON.stringify(message.params._meta ?? null) }] }));
      }
      return answer(message.id, '{"content":[{"type":"text","text":"fine"}]}');
    default:
      return send(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"error":{"code":-32601,"message":"Method not found"}}`);
  }
});
if (env.MCP_TEST_STUBBORN !== '1') lines.on('close', () => process.exit(0));
