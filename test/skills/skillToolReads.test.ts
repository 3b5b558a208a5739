// Progressive disclosure: `{ name }` returns the body (no frontmatter) and the bundled files;
// `{ name, file }` returns one file; unknown names list the known ones. Read at call time.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSkillTool, loadSkills } from '../../src/index.js';
import { projectSkills, skillFile, tempTree, toolContext } from './skillTestKit.js';

async function fixtureTool() {
  const { skills } = await loadSkills([projectSkills]);
  return createSkillTool(skills);
}

describe('reading a skill', () => {
  it('returns the body without its frontmatter, then the bundled files, sorted, without SKILL.md or dot-files', async () => {
    const tool = await fixtureTool();
    const result = await tool.execute({ name: 'pdf-tools' }, toolContext());
    expect(result).toEqual({
      content: [
        '# PDF tools',
        '',
        '1. Read `references/forms.md` for the field names.',
        '2. Run `scripts/fill.py <form.pdf> <values.json>` to fill the form.',
        '',
        `Skill folder: ${join(projectSkills, 'pdf-tools')}`,
        'Bundled files (read one with {"name": "pdf-tools", "file": "<path>"}):',
        '- assets/template.txt',
        '- references/forms.md',
        '- scripts/fill.py',
      ].join('\n'),
    });
  });

  it('says when a skill has no bundled files', async () => {
    const tool = await fixtureTool();
    const result = await tool.execute({ name: 'commit-messages' }, toolContext());
    expect(result).toEqual({
      content: `Write the summary in the imperative mood.\n\nSkill folder: ${join(projectSkills, 'commit-messages')}\nThis skill has no bundled files.`,
    });
  });

  it('returns a bundled file as it is', async () => {
    const tool = await fixtureTool();
    expect(await tool.execute({ name: 'pdf-tools', file: 'references/forms.md' }, toolContext())).toEqual({
      content: '# Form fields\n\n- `applicant_name`: text, required\n- `date_of_birth`: date (YYYY-MM-DD)\n',
    });
    expect(await tool.execute({ name: 'pdf-tools', file: './scripts/fill.py' }, toolContext())).toMatchObject({ content: expect.stringContaining('import sys') });
  });

  it('refuses an unknown skill with the names it knows', async () => {
    const tool = await fixtureTool();
    expect(await tool.execute({ name: 'pdf' }, toolContext())).toEqual({
      content: 'Unknown skill "pdf". Known skills: commit-messages, pdf-tools.',
      isError: true,
      code: 'unknown_skill',
    });
    expect(await createSkillTool([]).execute({ name: 'pdf' }, toolContext())).toMatchObject({ content: 'Unknown skill "pdf". No skills are installed.', code: 'unknown_skill' });
  });

  it('refuses a missing file and a directory with their own codes', async () => {
    const tool = await fixtureTool();
    expect(await tool.execute({ name: 'pdf-tools', file: 'references/none.md' }, toolContext())).toEqual({
      content: 'Skill "pdf-tools": "references/none.md" does not exist. Its files are listed when you call skill with {"name": "pdf-tools"}.',
      isError: true,
      code: 'file_not_found',
    });
    expect(await tool.execute({ name: 'pdf-tools', file: 'references' }, toolContext())).toMatchObject({ isError: true, code: 'not_a_file' });
    expect(await tool.execute({ name: 'pdf-tools', file: '.' }, toolContext())).toMatchObject({ isError: true, code: 'not_a_file' });
    expect(await tool.execute({ name: 'pdf-tools', file: '' }, toolContext())).toMatchObject({ isError: true, code: 'not_a_file' });
  });

  it('reads the body at call time: an edit takes effect without reloading', async () => {
    const root = await tempTree({ 'live/SKILL.md': skillFile('name: live\ndescription: Changes.', 'First version.') });
    const tool = createSkillTool((await loadSkills([root])).skills);
    expect(await tool.execute({ name: 'live' }, toolContext())).toMatchObject({ content: expect.stringMatching(/^First version\./) });
    await writeFile(join(root, 'live/SKILL.md'), skillFile('name: live\ndescription: Changes.', 'Second version.'));
    await writeFile(join(root, 'live/notes.md'), 'new file');
    expect(await tool.execute({ name: 'live' }, toolContext())).toMatchObject({ content: expect.stringMatching(/^Second version\.[\s\S]*- notes\.md$/) });
  });

  it('bounds the file list and says that more files exist', async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`many/refs/f${String(i).padStart(2, '0')}.md`, 'x']));
    const root = await tempTree({ 'many/SKILL.md': skillFile('name: many\ndescription: Many files.'), ...files });
    const tool = createSkillTool((await loadSkills([root])).skills, { maxListedFiles: 5 });
    const { content } = (await tool.execute({ name: 'many' }, toolContext())) as { content: string };
    expect(content.split('\n').filter((line) => line.startsWith('- '))).toEqual(['- refs/f00.md', '- refs/f01.md', '- refs/f02.md', '- refs/f03.md', '- refs/f04.md']);
    expect(content).toMatch(/\(more files not listed: only the first 5 are shown\)$/);
  });

  it('skips dot-folders in the list but still reads a dot-file named explicitly', async () => {
    const root = await tempTree({
      'dots/SKILL.md': skillFile('name: dots\ndescription: Hidden files.'),
      'dots/.git/config': 'x',
      'dots/.env.example': 'KEY=value',
      'dots/visible.md': 'y',
    });
    const tool = createSkillTool((await loadSkills([root])).skills);
    const { content } = (await tool.execute({ name: 'dots' }, toolContext())) as { content: string };
    expect(content.split('\n').filter((line) => line.startsWith('- '))).toEqual(['- visible.md']);
    expect(await tool.execute({ name: 'dots', file: '.env.example' }, toolContext())).toEqual({ content: 'KEY=value' });
  });

  it('returns only the file list when the body is empty', async () => {
    const root = await tempTree({ 'empty/SKILL.md': '---\nname: empty\ndescription: No body.\n---\n' });
    const tool = createSkillTool((await loadSkills([root])).skills);
    expect(await tool.execute({ name: 'empty' }, toolContext())).toEqual({ content: `Skill folder: ${join(root, 'empty')}\nThis skill has no bundled files.` });
  });

  it('returns the whole file when the frontmatter was removed after loading', async () => {
    const root = await tempTree({ 'edited/SKILL.md': skillFile('name: edited\ndescription: Edited.') });
    const tool = createSkillTool((await loadSkills([root])).skills);
    await writeFile(join(root, 'edited/SKILL.md'), '# Now plain Markdown\n');
    expect(await tool.execute({ name: 'edited' }, toolContext())).toMatchObject({ content: expect.stringMatching(/^# Now plain Markdown\n\nSkill folder:/) });
  });
});
