// loadSkills never throws for the filesystem: missing or unreadable directories, odd skill
// folders and one bad skill among good ones are problems; the others still load.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadSkills } from '../../src/index.js';
import { skillFile, tempTree } from './skillTestKit.js';

describe('loadSkills problems', () => {
  it('reports a directory that does not exist, and one that is a file, then reads the next', async () => {
    const root = await tempTree({
      'not-a-dir': 'x',
      'skills/ok/SKILL.md': skillFile('name: ok\ndescription: Fine.'),
    });
    const { skills, problems } = await loadSkills([join(root, 'missing'), join(root, 'not-a-dir'), join(root, 'skills')]);
    expect(problems).toEqual([
      { path: join(root, 'missing'), reason: 'Skills directory does not exist.' },
      { path: join(root, 'not-a-dir'), reason: 'Skills directory is not a directory.' },
    ]);
    expect(skills.map((skill) => skill.name)).toEqual(['ok']);
  });

  it('reports a SKILL.md that is a folder, is not UTF-8, or is too large', async () => {
    const root = await tempTree({
      'latin1/SKILL.md': Buffer.from('---\nname: latin1\ndescription: caf\xe9\n---\n', 'latin1'),
      'huge/SKILL.md': skillFile('name: huge\ndescription: Big.', 'x'.repeat(256 * 1024)),
    });
    await mkdir(join(root, 'folder/SKILL.md'), { recursive: true });
    const { skills, problems } = await loadSkills([root]);
    expect(skills).toEqual([]);
    expect(problems).toEqual([
      { path: join(root, 'folder'), reason: 'SKILL.md is not a regular file.' },
      { path: join(root, 'huge'), reason: expect.stringMatching(/^SKILL\.md is \d+ bytes; at most 262144 are read\.$/) },
      { path: join(root, 'latin1'), reason: 'SKILL.md is not UTF-8 text.' },
    ]);
  });

  it('follows a link to a skill folder, keeping the path it was found at', async () => {
    const elsewhere = await tempTree({ 'linked/SKILL.md': skillFile('name: linked\ndescription: Lives elsewhere.') });
    const root = await tempTree();
    await symlink(join(elsewhere, 'linked'), join(root, 'linked'));
    const { skills } = await loadSkills([root]);
    expect(skills).toEqual([expect.objectContaining({ name: 'linked', dir: join(root, 'linked') })]);
  });

  it('reads a directory given twice only once, so its skills are not reported as duplicates', async () => {
    const root = await tempTree({ 'ok/SKILL.md': skillFile('name: ok\ndescription: Fine.') });
    const alias = join(await tempTree(), 'alias');
    await symlink(root, alias);
    const result = await loadSkills([root, `${root}/`, alias]);
    expect(result).toEqual({ skills: [expect.objectContaining({ name: 'ok' })], problems: [] });
  });

  it('resolves relative directories against the working directory', async () => {
    const root = await tempTree({ 'ok/SKILL.md': skillFile('name: ok\ndescription: Fine.') });
    const relativeRoot = relative(process.cwd(), root);
    const { skills } = await loadSkills([relativeRoot]);
    expect(skills[0]?.dir).toBe(join(root, 'ok'));
  });

  it('reads no body into the Skill: only name, description, dir and frontmatter', async () => {
    const root = await tempTree({ 'ok/SKILL.md': skillFile('name: ok\ndescription: Fine.', 'SECRET BODY') });
    const { skills } = await loadSkills([root]);
    expect(JSON.stringify(skills)).not.toContain('SECRET BODY');
    expect(Object.keys(skills[0] ?? {}).sort()).toEqual(['description', 'dir', 'frontmatter', 'name']);
  });

  it('refuses an argument that is not a list of paths with a ConfigurationError', async () => {
    await expect(loadSkills('./skills' as unknown as string[])).rejects.toBeInstanceOf(ConfigurationError);
    await expect(loadSkills([''])).rejects.toThrow(/non-empty strings/);
  });

  it('reports a directory that is one skill folder instead of the directory of skill folders', async () => {
    const root = await tempTree({ 'pdf/SKILL.md': skillFile('name: pdf\ndescription: PDFs.'), 'pdf/references/a.md': 'a' });
    const { skills, problems } = await loadSkills([join(root, 'pdf')]);
    expect(skills).toEqual([]);
    expect(problems).toEqual([
      { path: join(root, 'pdf'), reason: `Skills directory holds a SKILL.md itself: give the directory that contains the skill folders (here ${root}).` },
    ]);
  });

  it('returns nothing, and no problem, for an empty directory', async () => {
    const root = await tempTree();
    await writeFile(join(root, 'README.md'), 'not a skill');
    expect(await loadSkills([root])).toEqual({ skills: [], problems: [] });
  });
});
