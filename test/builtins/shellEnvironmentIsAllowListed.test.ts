// The shell tool passes commands a short allow-list of this process's environment and what
// the application adds with `env`: a provider's API key (or any other secret of the process)
// reaches a command, and through its output the model, only when the application names it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShellTool, type ShellToolOptions, type ToolResult } from '../../src/index.js';
import { toolContext, useSandbox } from './builtinsTestKit.js';

const SECRETS = { OPENAI_API_KEY: 'sk-openai-test', ANTHROPIC_API_KEY: 'sk-ant-test', DATABASE_PASSWORD: 'hunter2' };

async function envOf(options: ShellToolOptions): Promise<Record<string, string>> {
  const result = (await createShellTool(options).execute({ command: 'env -0' }, toolContext())) as ToolResult;
  expect(result.isError).toBeUndefined();
  const entries = result.content.replace(/exit code 0$/, '').split('\0').filter((entry) => entry.includes('='));
  return Object.fromEntries(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

describe('the shell tool environment', () => {
  const sandbox = useSandbox();
  const saved = { ...process.env };
  beforeEach(() => {
    Object.assign(process.env, SECRETS, { LANG: 'C.UTF-8', LC_MESSAGES: 'C', TERM: 'xterm' });
  });
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  it('holds the allow-listed variables and none of the secrets', async () => {
    const env = await envOf({ cwd: sandbox().root });
    for (const name of Object.keys(SECRETS)) expect(env).not.toHaveProperty(name);
    expect(env).toMatchObject({ PATH: process.env.PATH, LANG: 'C.UTF-8', LC_MESSAGES: 'C', TERM: 'xterm' });
    if (process.env.HOME !== undefined) expect(env.HOME).toBe(process.env.HOME);
    expect(Object.values(env)).not.toContain('sk-openai-test');
  });

  it('adds what `env` names, a provider key included, and lets it override an allow-listed one', async () => {
    const env = await envOf({ cwd: sandbox().root, env: { OPENAI_API_KEY: 'named-by-the-app', LANG: 'fr_FR.UTF-8', GIT_PAGER: 'cat' } });
    expect(env).toMatchObject({ OPENAI_API_KEY: 'named-by-the-app', LANG: 'fr_FR.UTF-8', GIT_PAGER: 'cat', PATH: process.env.PATH });
    expect(env).not.toHaveProperty('ANTHROPIC_API_KEY');
  });

  it('reads the allow-listed variables at each call', async () => {
    const tool = createShellTool({ cwd: sandbox().root });
    process.env.TZ = 'Europe/Paris';
    expect(((await tool.execute({ command: 'echo "$TZ"' }, toolContext())) as ToolResult).content).toBe('Europe/Paris\nexit code 0');
  });
});
