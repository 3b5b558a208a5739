// `file` stays inside the skill folder, by the file tools' policy: a path that leads out, as
// written (`..`, an absolute path elsewhere) or through a link, is refused with
// path_outside_root; an absolute path or a `..` that stays inside is read; binary and
// oversized files are refused; execute never throws.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileToolErrorCode, createSkillTool, loadSkills } from '../../src/index.js';
import { skillFile, tempTree, toolContext } from './skillTestKit.js';

/** A skills directory with one skill `box` (bundling `inside.md`) and a secret file next to the skill. */
async function box(options: { maxFileBytes?: number } = {}) {
  const root = await tempTree({
    'skills/box/SKILL.md': skillFile('name: box\ndescription: A confined skill.'),
    'skills/box/inside.md': 'inside',
    'skills/secret.txt': 'SECRET',
    'outside/secret.txt': 'SECRET',
  });
  const skillDir = join(root, 'skills/box');
  const tool = createSkillTool((await loadSkills([join(root, 'skills')])).skills, options);
  const read = (file: string) => tool.execute({ name: 'box', file }, toolContext());
  return { root, skillDir, tool, read };
}

describe('skill file confinement', () => {
  it.each(['../secret.txt', 'sub/../../secret.txt', '..', '../../outside/secret.txt'])('refuses %j (a ".." that leads out) with path_outside_root', async (file) => {
    const { read } = await box();
    const result = await read(file);
    expect(result).toMatchObject({ isError: true, code: FileToolErrorCode.pathOutsideRoot, content: expect.stringContaining('outside the skill folder') });
    expect(JSON.stringify(result)).not.toContain('SECRET');
  });

  it('refuses absolute paths outside the skill folder', async () => {
    const { read, root } = await box();
    for (const file of [join(root, 'outside/secret.txt'), join(root, 'skills/secret.txt'), '/etc/passwd']) {
      const result = await read(file);
      expect(result).toMatchObject({ isError: true, code: 'path_outside_root', content: expect.stringContaining('outside the skill folder') });
      expect(JSON.stringify(result)).not.toContain('SECRET');
    }
  });

  it('reads an absolute path or a ".." that stays inside the skill folder, as the file tools do', async () => {
    const { read, skillDir } = await box();
    for (const file of [join(skillDir, 'inside.md'), 'inside.md/../inside.md', 'sub/../inside.md']) {
      expect(await read(file)).toMatchObject({ content: 'inside' });
    }
  });

  it('takes a backslash or a drive letter as part of a name on POSIX, as the file tools do', async () => {
    const { read } = await box();
    for (const file of ['..\\secret.txt', 'C:\\Windows\\win.ini']) {
      expect(await read(file)).toMatchObject({ isError: true, code: 'file_not_found' });
    }
  });

  it('refuses a link to a file outside the skill folder, and does not list it', async () => {
    const { read, skillDir, root, tool } = await box();
    await symlink(join(root, 'outside/secret.txt'), join(skillDir, 'escape.txt'));
    const result = await read('escape.txt');
    expect(result).toMatchObject({ isError: true, code: 'path_outside_root', content: expect.stringContaining('leads outside the skill folder') });
    expect(JSON.stringify(result)).not.toContain('SECRET');
    const listing = (await tool.execute({ name: 'box' }, toolContext())) as { content: string };
    expect(listing.content).not.toContain('escape.txt');
  });

  it('refuses a path through a linked folder that leads outside', async () => {
    const { read, skillDir, root } = await box();
    await symlink(join(root, 'outside'), join(skillDir, 'refs'));
    expect(await read('refs/secret.txt')).toMatchObject({ isError: true, code: 'path_outside_root' });
  });

  it('reads and lists a link whose target stays inside the skill folder', async () => {
    const { read, skillDir, tool } = await box();
    await symlink(join(skillDir, 'inside.md'), join(skillDir, 'alias.md'));
    expect(await read('alias.md')).toEqual({ content: 'inside' });
    const listing = (await tool.execute({ name: 'box' }, toolContext())) as { content: string };
    expect(listing.content).toMatch(/- alias\.md\n- inside\.md$/);
  });

  it('refuses binary files: a NUL byte, or bytes that are not UTF-8', async () => {
    const { read, skillDir } = await box();
    await writeFile(join(skillDir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]));
    await writeFile(join(skillDir, 'latin1.txt'), Buffer.from('caf\xe9', 'latin1'));
    await writeFile(join(skillDir, 'nul.txt'), 'text\0with a NUL byte');
    for (const file of ['logo.png', 'latin1.txt', 'nul.txt']) {
      expect(await read(file)).toMatchObject({ isError: true, code: 'binary_file', content: expect.stringContaining('is a binary file') });
    }
  });

  it('refuses a file over maxFileBytes and reads one at the limit', async () => {
    const { read, skillDir } = await box({ maxFileBytes: 10 });
    await writeFile(join(skillDir, 'ten.txt'), '0123456789');
    await writeFile(join(skillDir, 'eleven.txt'), '0123456789A');
    expect(await read('ten.txt')).toEqual({ content: '0123456789' });
    expect(await read('eleven.txt')).toEqual({
      content: 'Skill "box": "eleven.txt" is 11 bytes; files over 10 bytes are not returned.',
      isError: true,
      code: 'file_too_large',
    });
  });

  it('refuses a SKILL.md that grew past maxFileBytes', async () => {
    const { tool, skillDir } = await box({ maxFileBytes: 100 });
    await writeFile(join(skillDir, 'SKILL.md'), skillFile('name: box\ndescription: A confined skill.', 'x'.repeat(200)));
    expect(await tool.execute({ name: 'box' }, toolContext())).toMatchObject({ isError: true, code: 'file_too_large' });
  });

  it('refuses a path with a NUL character', async () => {
    const { read } = await box();
    expect(await read('inside.md\0.png')).toMatchObject({ isError: true, code: 'invalid_path' });
  });

  it('refuses a named pipe without waiting for a writer', async () => {
    const { read, skillDir } = await box();
    try {
      execFileSync('mkfifo', [join(skillDir, 'pipe')]);
    } catch {
      return; // No mkfifo on this system: nothing to check.
    }
    expect(await read('pipe')).toMatchObject({ isError: true, code: 'not_a_file' });
  });

  it('reports a link loop as a file_error result', async () => {
    const { read, skillDir } = await box();
    await symlink(join(skillDir, 'loop-b'), join(skillDir, 'loop-a'));
    await symlink(join(skillDir, 'loop-a'), join(skillDir, 'loop-b'));
    expect(await read('loop-a')).toEqual({ content: 'Skill "box": Could not resolve loop-a: ELOOP: too many symbolic links encountered', isError: true, code: 'file_error' });
  });

  it('returns an error result, not a throw, when the skill folder has disappeared', async () => {
    const { tool, skillDir } = await box();
    await rm(skillDir, { recursive: true });
    await expect(tool.execute({ name: 'box' }, toolContext())).resolves.toMatchObject({ isError: true, code: 'file_not_found' });
    await expect(tool.execute({ name: 'box', file: 'inside.md' }, toolContext())).resolves.toMatchObject({ isError: true, code: 'file_not_found' });
  });

  it('does not read a file created inside a folder that is itself a link out', async () => {
    const { read, skillDir, root } = await box();
    await mkdir(join(root, 'outside/deep'));
    await writeFile(join(root, 'outside/deep/x.md'), 'SECRET');
    await symlink(join(root, 'outside/deep'), join(skillDir, 'deep'));
    expect(await read('deep/x.md')).toMatchObject({ code: 'path_outside_root' });
  });
});
