// Shared by the packaging tests: a package tarball unpacked into a fresh project the way npm
// would install it, its dependencies linked from this repository's node_modules (no network).
import { execFile } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

export const exec = promisify(execFile);
/** The repository under test. */
export const repo = path.resolve(import.meta.dirname, '../..');

/** Unpacks `tarball` into `<work>/app/node_modules/tinyagent` and returns the project's directory. */
export async function installTarball(work: string, tarball: string): Promise<string> {
  const project = path.join(work, 'app');
  const installed = path.join(project, 'node_modules/tinyagent');
  await mkdir(installed, { recursive: true });
  await exec('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  // The package's dependencies, as npm would have installed them (no network: from this repo).
  const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dependency of [...Object.keys(manifest.dependencies), '@types/node']) {
    const link = path.join(project, 'node_modules', dependency);
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(path.join(repo, 'node_modules', dependency), link, 'dir');
  }
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'commonjs' }));
  return project;
}
