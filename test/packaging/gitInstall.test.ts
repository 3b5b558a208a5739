// The package as a user installs it from git (`npm install git+https://…`): npm clones the
// repository, installs its dependencies in the clone, runs "prepare" (never "prepack") and
// packs the result. Here the repository is a local bare clone of this working tree, fetched by
// npm itself (`npm pack git+file://…`, the fetch a git install makes) with no network (npm's
// cache, filled when this repository's dependencies were installed), then unpacked and loaded.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec, installTarball, repo } from './unpackedPackage.js';

const offline = { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
const git = (cwd: string, ...args: string[]) => exec('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd });

let work: string;
let app: string;

/** A bare repository holding this working tree as a commit would (tracked files, and new ones git does not ignore). */
async function bareRepository(): Promise<string> {
  const checkout = path.join(work, 'checkout');
  await mkdir(checkout);
  const { stdout } = await exec('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter((name) => name !== '' && existsSync(path.join(repo, name)))) {
    await cp(path.join(repo, file), path.join(checkout, file), { recursive: true });
  }
  await git(checkout, 'init', '-q');
  await git(checkout, 'add', '-A');
  await git(checkout, 'commit', '-q', '-m', 'the working tree');
  const bare = path.join(work, 'tinyagent.git');
  await git(work, 'clone', '-q', '--bare', checkout, bare);
  return bare;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'tinyagent-git-'));
  const bare = await bareRepository();
  const spec = `git+${pathToFileURL(bare).href}`;
  const { stdout } = await exec('npm', ['pack', spec, '--json', '--pack-destination', work], { cwd: work, env: offline, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  app = await installTarball(work, path.join(work, filename));
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the package installed from git', { timeout: 60_000 }, () => {
  it('holds the build "prepare" made: bundles, declarations and the CLI', async () => {
    const installed = path.join(app, 'node_modules/tinyagent');
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8'));
    expect(manifest.scripts.prepare).toBe('node scripts/prepare.mjs');
    for (const file of ['dist/index.js', 'dist/testing.js', 'dist/mcp.js', 'dist/cli.js', 'dist/types/src/index.d.ts', 'dist/types-cjs/package.json']) {
      expect(existsSync(path.join(installed, file)), file).toBe(true);
    }
  });

  it('loads with import and with require()', async () => {
    await writeFile(
      path.join(app, 'main.mjs'),
      `import { createAgent } from 'tinyagent';\nimport { createScriptedProvider } from 'tinyagent/testing';\nconsole.log((await createAgent({ provider: createScriptedProvider([{ text: 'from git' }]) }).run('hi')).text);\n`,
    );
    await writeFile(path.join(app, 'main.cjs'), `console.log(typeof require('tinyagent/mcp').connectMcpServers);\n`);
    expect((await exec(process.execPath, ['main.mjs'], { cwd: app })).stdout.trim()).toBe('from git');
    expect((await exec(process.execPath, ['main.cjs'], { cwd: app })).stdout.trim()).toBe('function');
  });
});
