// The package as a user installs it: built and packed the way `npm pack` does (the prepack
// script), unpacked into a project with no network, then loaded from CommonJS (require of
// ESM, Node >= 20.19), from ESM, from two CommonJS TypeScript projects (module commonjs and
// node16), and with a defineTool whose handler disagrees with its schema, which must not compile.
// Without the optional MCP SDK it installs no web-server packages, and connecting a server says
// which package to install.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependencyClosure, installedFor } from './dependencyClosure.js';
import { exec, installTarball, repo } from './unpackedPackage.js';

const tsc = path.join(repo, 'node_modules/.bin/tsc');
const node = (cwd: string, file: string) => exec(process.execPath, [file], { cwd, timeout: 30_000 });

let work: string;
let app: string;

/** Builds into a staging folder (never the repo's dist/), packs it, unpacks it into a fresh project. */
async function packAndInstall(): Promise<string> {
  const stage = path.join(work, 'stage');
  await mkdir(stage);
  await exec(process.execPath, [path.join(repo, 'scripts/buildPackage.mjs'), path.join(stage, 'dist')], { cwd: repo, timeout: 150_000 });
  for (const file of ['package.json', 'LICENSE', 'README.md']) await cp(path.join(repo, file), path.join(stage, file));
  const { stdout } = await exec('npm', ['pack', '--ignore-scripts', '--offline', '--json', '--pack-destination', work], { cwd: stage, timeout: 60_000 });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  return installTarball(work, path.join(work, filename));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'tinyagent-pack-'));
  app = await packAndInstall();
}, 240_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

const commonJs = `
const { createAgent, ToolRegistry, TinyAgentError } = require('tinyagent');
const testing = require('tinyagent/testing');
const { connectMcpServers } = require('tinyagent/mcp');
const provider = testing.createScriptedProvider([{ text: 'hello from require' }]);
createAgent({ provider }).run('hi').then((output) => {
  console.log(JSON.stringify({
    text: output.text,
    mcp: typeof connectMcpServers,
    oneCopy: Object.getPrototypeOf(testing.ScriptExhaustedError) === TinyAgentError && new ToolRegistry() instanceof require('tinyagent').ToolRegistry,
  }));
});
`;

const esModule = `
import { createAgent } from 'tinyagent';
import { createScriptedProvider } from 'tinyagent/testing';
const output = await createAgent({ provider: createScriptedProvider([{ text: 'hello from import' }]) }).run('hi');
console.log(output.text);
`;

const typescriptApp = `
import { createAgent, defineTool, type RunOutput } from 'tinyagent';
import { createScriptedProvider } from 'tinyagent/testing';
import { connectMcpServers } from 'tinyagent/mcp';

const add = defineTool({
  name: 'add',
  description: 'Add two numbers',
  parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false },
  execute: async ({ a, b }) => String(a + b),
});
const provider = createScriptedProvider([
  { toolCalls: [{ id: 'c1', name: 'add', arguments: '{"a":2,"b":40}' }] },
  (request) => ({ text: 'sum ' + String(request.messages.at(-1)?.content) }),
]);
void createAgent({ provider, tools: [add] })
  .run('add')
  .then((output: RunOutput) => console.log(output.text, typeof connectMcpServers));
`;

// The schema says \`a\` is a number; the handler says string.
const disagreeingTool = `
import { defineTool } from 'tinyagent';
export const bad = defineTool({
  name: 'bad',
  description: 'Handler and schema disagree',
  parameters: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
  execute: async ({ a }: { a: string }) => a.toUpperCase(),
});
`;

async function typescriptProject(name: string, options: Record<string, unknown>, files: Record<string, string>) {
  const dir = path.join(app, name);
  await mkdir(dir);
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
  const compilerOptions = { target: 'ES2022', strict: true, types: ['node'], outDir: 'out', skipLibCheck: true, ...options };
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
  const result = await exec(tsc, ['-p', '.'], { cwd: dir, timeout: 120_000 }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return { dir, ...result };
}

// Packing and compiling take a few seconds each on an idle machine; the bounds are generous.
describe('the packed package', { timeout: 180_000 }, () => {
  it('ships the build, the declarations, LICENSE and the CLI, and nothing from src/', async () => {
    const manifest = JSON.parse(await readFile(path.join(app, 'node_modules/tinyagent/package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ tinyagent: 'dist/cli.js' });
    // npm pack builds with the script this test used (a git install through "prepare", see gitInstall.test.ts).
    expect(manifest.scripts.prepack).toBe('node scripts/buildPackage.mjs');
    for (const entry of ['.', './testing', './mcp', './postgres', './dbos']) expect(Object.keys(manifest.exports[entry])).toEqual(['import', 'require', 'default']);
    const license = await readFile(path.join(app, 'node_modules/tinyagent/LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} tinyagent contributors/);
    const cli = await readFile(path.join(app, 'node_modules/tinyagent/dist/cli.js'), 'utf8');
    expect(cli.startsWith('#!/usr/bin/env node')).toBe(true);
    await expect(readFile(path.join(app, 'node_modules/tinyagent/src/index.ts'))).rejects.toThrow();
  });

  it('loads with require() from a CommonJS file, one copy of each class across entries', async () => {
    await writeFile(path.join(app, 'main.cjs'), commonJs);
    const { stdout, stderr } = await node(app, 'main.cjs');
    expect(JSON.parse(stdout)).toEqual({ text: 'hello from require', mcp: 'function', oneCopy: true });
    expect(stderr).toBe('');
  });

  it('installs without the MCP SDK and its web-server packages (express, hono, cors, jose)', async () => {
    const manifest = JSON.parse(await readFile(path.join(app, 'node_modules/tinyagent/package.json'), 'utf8'));
    expect(manifest.peerDependenciesMeta['@modelcontextprotocol/sdk']).toEqual({ optional: true });
    const webServer = ['@modelcontextprotocol/sdk', 'express', 'hono', '@hono/node-server', 'cors', 'jose', 'body-parser'];
    const installed = dependencyClosure(installedFor(manifest));
    expect(webServer.filter((name) => installed.has(name))).toEqual([]);
    expect(installed.size).toBeLessThan(30);
    // The same walk with the SDK added finds them: the check above can fail.
    const withSdk = dependencyClosure([...installedFor(manifest), '@modelcontextprotocol/sdk']);
    expect(webServer.filter((name) => !withSdk.has(name))).toEqual([]);
  });

  it('says which package to install when a server is connected without the MCP SDK', async () => {
    const script = `
const { ToolRegistry, ConfigurationError } = require('tinyagent');
require('tinyagent/mcp').connectMcpServers({ s: { command: 'true' } }, new ToolRegistry()).then(
  () => console.log('connected'),
  (error) => console.log(JSON.stringify({ configuration: error instanceof ConfigurationError, message: error.message })),
);`;
    await writeFile(path.join(app, 'mcp.cjs'), script);
    const { stdout } = await node(app, 'mcp.cjs');
    const outcome = JSON.parse(stdout) as { configuration: boolean; message: string };
    expect(outcome.configuration).toBe(true);
    expect(outcome.message).toContain('npm install @modelcontextprotocol/sdk');
  });

  it('loads with import from an ES module', async () => {
    await writeFile(path.join(app, 'main.mjs'), esModule);
    expect((await node(app, 'main.mjs')).stdout.trim()).toBe('hello from import');
  });

  it('types a CommonJS TypeScript project (module node16), runs it, and refuses a handler that disagrees with its schema', async () => {
    const project = await compiled.node16;
    const errors = project.stdout.split('\n').filter((line) => /error TS/.test(line));
    expect(errors).toHaveLength(1);
    // The execute line, as "no overload matches" (TS2769) naming the disagreeing types.
    expect(errors[0]).toMatch(/^bad\.ts\(7,\d+\): error TS(2322|2769)/);
    expect(project.stdout).toMatch(/Type 'number' is not assignable to type 'string'/);
    expect(project.code).not.toBe(0);
    // tsc still emitted app.js (the error is in bad.ts): it runs as CommonJS.
    expect((await node(project.dir, 'out/app.js')).stdout.trim()).toBe('sum 42 function');
  });

  it('types a CommonJS TypeScript project with module commonjs (node10 resolution, subpaths through typesVersions)', async () => {
    const project = await compiled.commonjs;
    expect(project.stdout).toBe('');
    expect(project.code).toBe(0);
    expect((await node(project.dir, 'out/app.js')).stdout.trim()).toBe('sum 42 function');
  });
});

// Both projects compile at once, started before the tests that read them.
let compiled: Record<'node16' | 'commonjs', ReturnType<typeof typescriptProject>>;
beforeAll(() => {
  compiled = {
    node16: typescriptProject('node16', { module: 'node16', moduleResolution: 'node16' }, { 'app.ts': typescriptApp, 'bad.ts': disagreeingTool }),
    commonjs: typescriptProject('commonjs', { module: 'commonjs', moduleResolution: 'node10' }, { 'app.ts': typescriptApp }),
  };
  // Read by the tests; a rejection here would otherwise be reported as unhandled first.
  void compiled.node16.catch(() => {});
  void compiled.commonjs.catch(() => {});
});
