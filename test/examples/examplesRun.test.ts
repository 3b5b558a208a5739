// The examples run as a newcomer runs them (`npx tsx examples/x.ts`), and say what they
// should; the docs blocks that show them are checked against them by test/docs.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fixture, sse, startFakeServer } from '../providers/fakeServer.js';

const run = promisify(execFile);
// No provider keys: the demo must take its offline path.
const offlineEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(OPENAI|ANTHROPIC|TINYAGENT)_/.test(key)));

async function runExample(file: string, env: Record<string, string | undefined> = offlineEnv) {
  return run(process.execPath, ['--import', 'tsx', file], { env, timeout: 60_000 });
}

/** The examples the tests below run, and the modules only they import. */
const RUN = ['demo.ts', 'providers.ts', 'quickstart.ts', 'typedTools.ts'];
/** Examples that need a server, run by the tests of their module (test/dbos/dbosWorkersExample.test.ts). */
const RUN_ELSEWHERE = ['dbos-workers.ts'];
const IMPORTED_BY_RUN = ['demoScript.ts'];

describe('examples', () => {
  it('every file of examples/ is run here, or imported by one that is', async () => {
    expect((await readdir('examples')).sort()).toEqual([...RUN, ...RUN_ELSEWHERE, ...IMPORTED_BY_RUN].sort());
  });

  it('npm run demo says first that its model is scripted and how to use a real one', async () => {
    const { stdout } = await runExample('examples/demo.ts');
    expect(stdout.split('\n')[0]).toMatch(/^Model: scripted .*set ANTHROPIC_API_KEY, OPENAI_API_KEY, or OPENAI_BASE_URL/);
  });

  it('npm run demo removes its temporary session folder', async () => {
    const { stdout } = await runExample('examples/demo.ts');
    const dir = /\(removed (.+)\)/.exec(stdout)?.[1];
    expect(dir).toMatch(/tinyagent-demo-/);
    expect(existsSync(dir!)).toBe(false);
  });

  it('npm run demo prints a run with tool batches, then the audit trail', async () => {
    const { stdout } = await runExample('examples/demo.ts');
    expect(stdout).toContain('== live events');
    expect(stdout).toMatch(/tool\.started\s+list_files#call_1 \(batch 1\)/);
    expect(stdout).toMatch(/tool\.failed\s+read_file#call_4 \[path_outside_root\]/);
    expect(stdout).toMatch(/run\.completed\s+after 2 tool batches: This is tinyagent/);
    expect(stdout).toContain('== audit trail');
    expect(stdout).toContain('tool call_4 [path_outside_root]');
  });

  it('npm run demo asks a real provider when one is configured in the environment', async () => {
    const server = await startFakeServer([sse(fixture('openai/text.sse'))]);
    try {
      const { stdout } = await runExample('examples/demo.ts', { ...offlineEnv, OPENAI_BASE_URL: `${server.origin}/v1`, TINYAGENT_MODEL: 'local-model' });
      expect(server.requests).toHaveLength(1);
      expect(server.requests[0]!.path).toBe('/v1/chat/completions');
      expect(server.requests[0]!.body.model).toBe('local-model');
      expect(server.requests[0]!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['read_file', 'list_files', 'search_files']);
      expect(stdout.split('\n')[0]).toMatch(/^Model: a real one/);
      // The streamed text, as it arrived, on one line.
      expect(stdout).toMatch(/text\.delta\s+Hello! How can I help you today/);
      expect(stdout).toMatch(/run\.completed\s+after 0 tool batches: Hello/);
    } finally {
      await server.close();
    }
  });

  it('examples/providers.ts, without a provider configured, points to a section that exists', async () => {
    const failure = (await runExample('examples/providers.ts').catch((error: unknown) => error)) as { code: number; stderr: string };
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('see the Providers section of README.md');
    expect(await readFile('README.md', 'utf8')).toMatch(/^## Providers$/m);
  });

  it('the typed tools example runs a JSON Schema tool and a zod tool', async () => {
    const { stdout } = await runExample('examples/typedTools.ts');
    const [schema, answer] = stdout.trim().split('\n');
    expect(JSON.parse(schema!)).toMatchObject({ type: 'object', required: ['city'], properties: { days: { default: 3 } } });
    expect(answer).toBe('42 | Sunny in Oslo for 3 days');
  });

  it('the quick start prints the answer', async () => {
    const { stdout } = await runExample('examples/quickstart.ts');
    expect(stdout.trim().split('\n').at(-1)).toBe('The answer is 42.');
  });
});
