// The `skill` tool as the model sees it: name, flags, schema, and a description that lists
// `name: description` sorted by name, within a length cap that says what it left out.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, ToolRegistry, createSkillTool, loadSkills, type Skill } from '../../src/index.js';
import { projectSkills, userSkills } from './skillTestKit.js';

const skill = (name: string, description = `Does ${name} things.`): Skill => ({ name, description, dir: `/skills/${name}`, frontmatter: { name, description } });

describe('the skill tool description', () => {
  it('lists every loaded skill as "name: description", sorted by name, on one line each', async () => {
    const { skills } = await loadSkills([userSkills, projectSkills]);
    const { description } = createSkillTool(skills);
    const listed = description.split('\n').filter((line) => line.startsWith('- '));
    expect(listed).toEqual([
      "- commit-messages: Write commit messages in this project's style: a short summary line, then why.",
      "- pdf-tools: The user's own pdf-tools; the project's copy is found first.",
      '- shell-helper: Explain shell commands before running them.',
    ]);
    expect(description).toMatch(/call this tool with \{"name": "<skill>"\}/);
  });

  it('caps its length and says how many skills it left out', () => {
    const skills = Array.from({ length: 100 }, (_, i) => skill(`skill-${String(i).padStart(3, '0')}`, 'x'.repeat(80)));
    const { description } = createSkillTool(skills.reverse(), { maxDescriptionChars: 2000 });
    expect(description.length).toBeLessThanOrEqual(2000);
    const listed = description.split('\n').filter((line) => line.startsWith('- skill-'));
    expect(listed.length).toBeGreaterThan(5);
    expect(listed[0]).toMatch(/^- skill-000:/);
    expect(description).toMatch(new RegExp(`\\(${100 - listed.length} more skills are installed but not listed here`));
  });

  it('never exceeds the cap, whatever the sizes', () => {
    for (const max of [1000, 1001, 1500, 4321]) {
      for (const size of [1, 50, 400, 1024]) {
        const skills = Array.from({ length: 30 }, (_, i) => skill(`s${i}`, 'd'.repeat(size)));
        expect(createSkillTool(skills, { maxDescriptionChars: max }).description.length).toBeLessThanOrEqual(max);
      }
    }
  });

  it('lists all skills when they fit, without a note', () => {
    const { description } = createSkillTool([skill('b'), skill('a')]);
    expect(description).not.toMatch(/not listed/);
    expect(description.indexOf('- a:')).toBeLessThan(description.indexOf('- b:'));
  });

  it('says so when there are no skills', () => {
    expect(createSkillTool([]).description).toMatch(/No skills are installed\.$/);
  });

  it('is one read-only, concurrency-safe tool named skill that the registry accepts', () => {
    const tool = createSkillTool([skill('a')]);
    expect(tool).toMatchObject({ name: 'skill', readOnly: true, concurrencySafe: true });
    expect(tool.parameters).toMatchObject({ required: ['name'], additionalProperties: false });
    expect(new ToolRegistry([tool]).get('skill')).toBe(tool);
  });

  it.each([
    [{ maxDescriptionChars: 999 }, /createSkillTool: maxDescriptionChars must be an integer >= 1000, got a number \(999\)\./],
    [{ maxListedFiles: -1 }, /maxListedFiles/],
    [{ maxFileBytes: 1.5 }, /maxFileBytes/],
    [{ maxFileBytes: 0 }, /maxFileBytes/],
    [{ maxBytes: 10 }, /createSkillTool: "maxBytes" is not an option \(options: maxDescriptionChars, maxListedFiles, maxFileBytes\)/],
  ])('refuses the option %j with a ConfigurationError', (options, message) => {
    expect(() => createSkillTool([], options as never)).toThrow(ConfigurationError);
    expect(() => createSkillTool([], options as never)).toThrow(message);
  });

  it('refuses two skills with the same name', () => {
    expect(() => createSkillTool([skill('a'), skill('a')])).toThrow(/two skills are named "a"/);
  });
});
