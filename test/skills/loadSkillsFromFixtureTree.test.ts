// loadSkills over the committed fixture tree: valid skills load with every frontmatter field,
// each broken skill is left out with its reason, a duplicate in a later directory is reported.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSkills } from '../../src/index.js';
import { projectSkills, userSkills } from './skillTestKit.js';

const name65 = 'a'.repeat(65);

describe('loadSkills over the fixture tree', () => {
  it('loads the valid skills, project directory first, each by folder name', async () => {
    const { skills } = await loadSkills([projectSkills, userSkills]);
    expect(skills.map((skill) => [skill.name, skill.dir])).toEqual([
      ['commit-messages', join(projectSkills, 'commit-messages')],
      ['pdf-tools', join(projectSkills, 'pdf-tools')],
      ['shell-helper', join(userSkills, 'shell-helper')],
    ]);
  });

  it('keeps the description and every other frontmatter field as read', async () => {
    const { skills } = await loadSkills([projectSkills]);
    const commit = skills.find((skill) => skill.name === 'commit-messages');
    expect(commit?.description).toBe("Write commit messages in this project's style: a short summary line, then why.\n");
    expect(commit?.frontmatter).toEqual({
      name: 'commit-messages',
      description: commit?.description,
      license: 'Apache-2.0',
      'allowed-tools': 'shell read_file',
      metadata: { author: 'tinyagent', version: '1.2' },
    });
  });

  it('reports each broken skill with its folder path and a reason, and nothing else', async () => {
    const { problems } = await loadSkills([projectSkills, userSkills]);
    const reasons = Object.fromEntries(problems.map((problem) => [problem.path, problem.reason]));
    expect(reasons).toEqual({
      [join(projectSkills, 'Upper-Case')]: 'name "Upper-Case" may use only lowercase letters, digits and hyphens.',
      [join(projectSkills, name65)]: 'name is 65 characters long; at most 64 are allowed.',
      [join(projectSkills, 'bad-yaml')]: expect.stringMatching(/^SKILL\.md frontmatter is not valid YAML \(line 3\): .+\.$/),
      [join(projectSkills, 'missing-description')]: 'SKILL.md frontmatter has no description.',
      [join(projectSkills, 'name-mismatch')]: 'name "another-name" does not match its folder\'s name "name-mismatch".',
      [join(projectSkills, 'no-frontmatter')]: 'SKILL.md has no frontmatter: its first line must be "---".',
      [join(userSkills, 'pdf-tools')]: `A skill named "pdf-tools" was already loaded from ${join(projectSkills, 'pdf-tools')}; this one is left out.`,
    });
    expect(problems).toHaveLength(7);
  });

  it('lets the first directory given win a duplicate, whichever it is', async () => {
    const { skills, problems } = await loadSkills([userSkills, projectSkills]);
    expect(skills.find((skill) => skill.name === 'pdf-tools')?.dir).toBe(join(userSkills, 'pdf-tools'));
    expect(problems.find((problem) => problem.path === join(projectSkills, 'pdf-tools'))?.reason).toMatch(/already loaded from .*user/);
  });

  it('ignores folders without SKILL.md and files beside the skill folders', async () => {
    const { skills, problems } = await loadSkills([projectSkills]);
    const paths = [...skills.map((skill) => skill.dir), ...problems.map((problem) => problem.path)];
    expect(paths).not.toContain(join(projectSkills, 'notes'));
    expect(paths).not.toContain(join(projectSkills, 'README.md'));
  });
});
