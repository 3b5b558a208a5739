// Helpers of the Skill reader tests: the committed fixture tree, temp skill trees, a tool call context.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { ToolContext } from '../../src/index.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The project's skills directory of the fixture tree (valid skills and one of each problem). */
export const projectSkills = resolve(here, 'fixtures/project');
/** The user's skills directory of the fixture tree (a duplicate of pdf-tools, and shell-helper). */
export const userSkills = resolve(here, 'fixtures/user');

/** A SKILL.md with this frontmatter (YAML lines) and body. */
export const skillFile = (frontmatter: string, body = 'Body.') => `---\n${frontmatter}\n---\n${body}\n`;

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * A temp directory holding these files (relative path → content); removed after the test.
 * Returns its absolute path.
 */
export async function tempTree(files: Record<string, string | Uint8Array> = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'tinyagent-skills-'));
  made.push(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

/** A ToolContext for calling `execute` directly. */
export const toolContext = (): ToolContext => ({
  runId: 'run-1',
  callId: 'call-1',
  toolName: 'skill',
  iteration: 1,
  idempotencyKey: 'key',
  signal: new AbortController().signal,
});
