#!/usr/bin/env node
// Runs the client scenarios of the MCP conformance suite (@modelcontextprotocol/conformance)
// against tinyagent's connectMcpServers (test/mcp/conformance/conformanceClient.ts) and
// prints how many passed. The suite's runner needs Node >= 22: it runs on the npm registry's
// `node` package (npx -p node@24), alone; the client under test runs on this Node. Everything
// listens on and connects to 127.0.0.1 only (test/mcp/conformance/loopbackOnly.mjs).
// Exit code 0 when every applicable scenario passed.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const runner = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
const loopback = './test/mcp/conformance/loopbackOnly.mjs';
const RUNNER_NODE = 'node@24';

// Scenarios that test what a client with tools, elicitation and authorization does not do, and why.
const NOT_APPLICABLE = {
  'auth/cross-app-access-complete-flow':
    'enterprise cross-app access (SEP-990): the token comes from an identity provider exchange the application performs, outside the MCP client',
};

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const runnerArgs = ['-y', '-p', RUNNER_NODE, 'node', '--no-deprecation', '--import', loopback, runner];
const listed = execFileSync(npx, [...runnerArgs, 'list', '--client'], { cwd: root, encoding: 'utf8' });
const scenarios = [...listed.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
const only = process.argv.slice(2);
const selected = only.length > 0 ? scenarios.filter((name) => only.includes(name)) : scenarios;
const client = `${process.execPath} --no-deprecation --import tsx --import ${loopback} test/mcp/conformance/conformanceClient.ts`;
const output = mkdtempSync(join(tmpdir(), 'tinyagent-mcp-conformance-'));

const results = [];
try {
  for (const scenario of selected) {
    if (NOT_APPLICABLE[scenario]) {
      results.push({ scenario, outcome: 'not applicable', detail: NOT_APPLICABLE[scenario] });
      continue;
    }
    const { code, text } = await run([...runnerArgs, 'client', '--command', client, '--scenario', scenario, '-o', output]);
    const summary = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(text);
    const passed = code === 0 && /OVERALL: PASSED/.test(text);
    results.push({ scenario, outcome: passed ? 'passed' : 'FAILED', detail: summary ? summary[0] : text.trim().split('\n').slice(-3).join(' | ') });
    if (!passed && process.env.CONFORMANCE_VERBOSE) console.error(text);
  }
} finally {
  rmSync(output, { recursive: true, force: true });
}

for (const { scenario, outcome, detail } of results) console.log(`${outcome.padEnd(14)} ${scenario}  (${detail})`);
const applicable = results.filter((result) => result.outcome !== 'not applicable');
const passedCount = applicable.filter((result) => result.outcome === 'passed').length;
console.log(`\nMCP conformance, client scenarios: ${passedCount} of ${applicable.length} applicable passed (${scenarios.length} in the suite).`);
process.exitCode = passedCount === applicable.length ? 0 : 1;

function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(npx, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, text }));
  });
}
