// A skill's SKILL.md (and every file the skill tool reads) stays inside its skill folder and
// is read with a byte cap that does not trust the size the file system reports: a cloned
// repository's SKILL.md that links to a file elsewhere, or to /proc/self/pagemap (size 0,
// gigabytes of content), is reported as a problem and never read whole.
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSkillTool, loadSkills, type Skill } from '../../src/index.js';
import { readable } from '../helpers/readable.js';
import { skillFile, tempTree, toolContext } from './skillTestKit.js';

const pagemap = '/proc/self/pagemap';

describe('SKILL.md stays inside the skill folder', () => {
  it('reports a SKILL.md that links to a file outside the skill folder, and does not load it', async () => {
    const root = await tempTree({ 'elsewhere/SKILL.md': skillFile('name: stolen\ndescription: Read from outside.'), 'skills/stolen/notes.md': 'x' });
    await symlink(join(root, 'elsewhere/SKILL.md'), join(root, 'skills/stolen/SKILL.md'));
    const { skills, problems } = await loadSkills([join(root, 'skills')]);
    expect(skills).toEqual([]);
    expect(problems).toEqual([{ path: join(root, 'skills/stolen'), reason: expect.stringContaining('leads outside the skill folder') }]);
  });

  it('keeps a SKILL.md link that stays inside the skill folder', async () => {
    const root = await tempTree({ 'skills/kept/docs/skill.md': skillFile('name: kept\ndescription: Linked inside.') });
    await symlink('docs/skill.md', join(root, 'skills/kept/SKILL.md'));
    const { skills, problems } = await loadSkills([join(root, 'skills')]);
    expect(problems).toEqual([]);
    expect(skills.map((skill) => skill.name)).toEqual(['kept']);
  });

  it.runIf(readable(pagemap))('reports a SKILL.md linked to /proc/self/pagemap without reading it', async () => {
    const root = await tempTree({ 'skills/pagemap/notes.md': 'x' });
    await symlink(pagemap, join(root, 'skills/pagemap/SKILL.md'));
    const { skills, problems } = await loadSkills([join(root, 'skills')]);
    expect(skills).toEqual([]);
    expect(problems).toEqual([{ path: join(root, 'skills/pagemap'), reason: expect.stringContaining('leads outside the skill folder') }]);
  });

  it.runIf(readable(pagemap))('stops reading a file whose reported size (0) is a lie at the byte cap', async () => {
    // A skill whose folder is /proc/self (as a link to it would make it): pagemap reports 0 bytes.
    const skill: Skill = { name: 'proc', description: 'A folder of files that lie about their size.', dir: '/proc/self', frontmatter: {} };
    const tool = createSkillTool([skill], { maxFileBytes: 4096 });
    const result = await tool.execute({ name: 'proc', file: 'pagemap' }, toolContext());
    expect(result).toMatchObject({ isError: true, code: 'file_too_large', content: expect.stringContaining('over 4096 bytes') });
  });
});
