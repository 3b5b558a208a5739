// The SKILL.md format and the Agent Skills name/description rules, at their boundaries.
import { describe, expect, it } from 'vitest';
import { parseFrontmatter, splitSkillFile } from '../../src/skills/frontmatter.js';
import { descriptionProblem, nameProblem } from '../../src/skills/skillRules.js';

describe('splitSkillFile', () => {
  it('splits the frontmatter from the body', () => {
    expect(splitSkillFile('---\nname: x\n---\n# Body\n')).toEqual({ ok: true, yaml: 'name: x', body: '# Body\n' });
  });

  it('accepts a byte order mark and CRLF line ends', () => {
    expect(splitSkillFile('\uFEFF---\r\nname: x\r\n---\r\nBody')).toEqual({ ok: true, yaml: 'name: x', body: 'Body' });
  });

  it('refuses a file that does not start with "---", and a block that is never closed', () => {
    expect(splitSkillFile('# Title\n---\nname: x\n---\n')).toMatchObject({ ok: false, reason: expect.stringMatching(/no frontmatter/) });
    expect(splitSkillFile('---\nname: x\n')).toMatchObject({ ok: false, reason: expect.stringMatching(/not closed/) });
  });
});

describe('parseFrontmatter', () => {
  it('reads nested fields as plain data', () => {
    expect(parseFrontmatter('name: x\nmetadata:\n  tags: [a, b]')).toEqual({ ok: true, data: { name: 'x', metadata: { tags: ['a', 'b'] } } });
  });

  it.each([
    ['bad YAML', 'name: x\ndescription: [unclosed', /not valid YAML \(line 3\)/],
    ['a duplicate key', 'name: x\nname: y', /not valid YAML \(line 3\): Map keys must be unique/],
    ['an alias to nothing', 'name: *nothing', /not valid YAML/],
    ['a scalar', 'just text', /must be a YAML mapping/],
    ['a list', '- name: x', /must be a YAML mapping/],
    ['nothing', '', /must be a YAML mapping/],
  ])('refuses %s with a reason instead of throwing', (_label, yaml, reason) => {
    expect(parseFrontmatter(yaml)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });
});

describe('nameProblem', () => {
  it.each(['a', 'pdf-tools', 'x2', '0-9', 'a'.repeat(64)])('accepts %s', (name) => {
    expect(nameProblem(name, name)).toBeUndefined();
  });

  it.each<[unknown, RegExp]>([
    [undefined, /has no name/],
    [42, /must be a string, not a number/],
    [['a'], /must be a string, not a list/],
    ['', /is empty/],
    ['a'.repeat(65), /65 characters long; at most 64/],
    ['Pdf', /only lowercase letters, digits and hyphens/],
    ['pdf_tools', /only lowercase letters, digits and hyphens/],
    ['pdf tools', /only lowercase letters, digits and hyphens/],
    ['-pdf', /must not start or end with a hyphen/],
    ['pdf-', /must not start or end with a hyphen/],
    ['pdf--tools', /two hyphens in a row/],
  ])('refuses %j', (name, reason) => {
    expect(nameProblem(name, typeof name === 'string' ? name : 'folder')).toMatch(reason);
  });

  it('refuses a name that differs from its folder', () => {
    expect(nameProblem('pdf', 'pdf-tools')).toBe('name "pdf" does not match its folder\'s name "pdf-tools".');
  });
});

describe('descriptionProblem', () => {
  it('accepts 1 to 1024 characters, counted as Unicode characters', () => {
    expect(descriptionProblem('x')).toBeUndefined();
    expect(descriptionProblem('x'.repeat(1024))).toBeUndefined();
    expect(descriptionProblem('😀'.repeat(1024))).toBeUndefined();
  });

  it.each<[unknown, RegExp]>([
    [undefined, /has no description/],
    [null, /has no description/],
    ['', /is empty/],
    ['  \n ', /is empty/],
    [{ text: 'x' }, /must be a string, not a mapping/],
    ['x'.repeat(1025), /1025 characters long; at most 1024/],
  ])('refuses %j', (description, reason) => {
    expect(descriptionProblem(description)).toMatch(reason);
  });
});
