// createSkillTool: one `skill` tool for all loaded skills. The model sees names and
// descriptions; it reads a body, then a bundled file, only when it asks (progressive disclosure).
import type { Tool, ToolResult } from '../core.js';
import { optionChecks } from '../capabilities/shared/options.js';
import { compareText } from './compareText.js';
import { splitSkillFile } from './frontmatter.js';
import { listBundledFiles } from './listBundledFiles.js';
import { skillFileName } from './loadSkillFolder.js';
import { readSkillFile } from './readSkillFile.js';
import { SkillToolErrorCode } from './skillToolCodes.js';
import { describeSkillTool } from './skillToolDescription.js';
import { resolveSkillToolOptions, type SkillToolOptions } from './skillToolOptions.js';
import type { Skill } from './types.js';

/** The arguments of the `skill` tool (a type alias, so the tool fits wherever a `Tool` is expected). */
export type SkillToolArgs = {
  /** The skill's name, as listed in the tool description. */
  name: string;
  /** A bundled file, relative to the skill folder; without it the tool returns the skill's instructions. */
  file?: string;
};

const parameters = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'The name of a skill listed in this tool description.' },
    file: {
      type: 'string',
      description: "A file bundled with the skill, relative to its folder (e.g. references/guide.md). Omit it to read the skill's instructions.",
    },
  },
  required: ['name'],
  additionalProperties: false,
} as const;

/**
 * Creates the `skill` tool over these skills (read-only, safe to run concurrently).
 * Bodies and files are read at each call, so an edited SKILL.md takes effect without reloading.
 * @example
 * import { loadSkills } from 'tinyagent';
 * const { skills } = await loadSkills(['./.agents/skills']);
 * agent.tools.register(createSkillTool(skills, { maxDescriptionChars: 4000 }));
 */
export function createSkillTool(skills: readonly Skill[], options: SkillToolOptions = {}): Tool<SkillToolArgs> {
  const limits = resolveSkillToolOptions(options);
  const byName = indexSkills(skills);
  const knownNames = [...byName.keys()].sort(compareText);

  const readBody = async (skill: Skill): Promise<ToolResult> => {
    const read = await readSkillFile(skill.dir, skillFileName, limits.maxFileBytes);
    if (!read.ok) return failure(read.code, `Skill ${JSON.stringify(skill.name)}: ${read.message}`);
    const split = splitSkillFile(read.text);
    // A frontmatter broken since loading: the whole file is still the best instructions there are.
    const body = (split.ok ? split.body : read.text).replace(/^\s*\n/, '').trimEnd();
    const { files, more } = await listBundledFiles(skill.dir, limits.maxListedFiles);
    const listing = describeFiles(skill, files, more);
    return { content: body === '' ? listing : `${body}\n\n${listing}` };
  };

  const readFile = async (skill: Skill, file: string): Promise<ToolResult> => {
    const read = await readSkillFile(skill.dir, file, limits.maxFileBytes);
    if (read.ok) return { content: read.text };
    const hint = read.code === SkillToolErrorCode.fileNotFound ? ` Its files are listed when you call skill with {"name": ${JSON.stringify(skill.name)}}.` : '';
    return failure(read.code, `Skill ${JSON.stringify(skill.name)}: ${read.message}${hint}`);
  };

  return {
    name: 'skill',
    description: describeSkillTool([...byName.values()], limits.maxDescriptionChars),
    parameters,
    readOnly: true,
    effects: 'none',
    concurrencySafe: true,
    async execute({ name, file }) {
      const skill = byName.get(name);
      if (skill === undefined) return unknownSkill(name, knownNames);
      try {
        return file === undefined ? await readBody(skill) : await readFile(skill, file);
      } catch (error) {
        // Not expected (reads report their own failures), but a tool's failure is data for the model.
        return failure(SkillToolErrorCode.readFailed, `Skill ${JSON.stringify(skill.name)} could not be read: ${String(error)}`);
      }
    },
  };
}

const check = optionChecks('createSkillTool');

/** The skills by name; a list the tool could not serve unambiguously is a ConfigurationError. */
function indexSkills(skills: readonly Skill[]): Map<string, Skill> {
  if (!Array.isArray(skills)) throw check.mustBe('skills', 'an array (the `skills` of loadSkills)', skills);
  const byName = new Map<string, Skill>();
  for (const skill of skills) {
    const valid = typeof skill?.name === 'string' && typeof skill.description === 'string' && typeof skill.dir === 'string';
    if (!valid) throw check.fail('each skill needs a string name, description and dir.');
    if (byName.has(skill.name)) throw check.fail(`two skills are named ${JSON.stringify(skill.name)}.`);
    byName.set(skill.name, skill);
  }
  return byName;
}

function describeFiles(skill: Skill, files: readonly string[], more: boolean): string {
  if (files.length === 0) return `Skill folder: ${skill.dir}\nThis skill has no bundled files.`;
  const usage = `read one with {"name": ${JSON.stringify(skill.name)}, "file": "<path>"}`;
  const lines = files.map((file) => `- ${file}`);
  if (more) lines.push(`(more files not listed: only the first ${files.length} are shown)`);
  return `Skill folder: ${skill.dir}\nBundled files (${usage}):\n${lines.join('\n')}`;
}

function unknownSkill(name: string, knownNames: readonly string[]): ToolResult {
  const known = knownNames.length === 0 ? 'No skills are installed.' : `Known skills: ${knownNames.join(', ')}.`;
  return failure(SkillToolErrorCode.unknownSkill, `Unknown skill ${JSON.stringify(name)}. ${known}`);
}

const failure = (code: string, content: string): ToolResult => ({ content, isError: true, code });
