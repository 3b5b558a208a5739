// The `skill` tool's description: how to use it, then `name: description` of each skill,
// sorted by name, until the length cap; a last line says how many were left out.
import { compareText } from './compareText.js';
import type { Skill } from './types.js';

const preamble = [
  'Reads an installed skill: instructions for a kind of task, with optional bundled files (scripts, references, assets).',
  'When the task matches a skill below, call this tool with {"name": "<skill>"} to read its instructions before acting.',
  'Then, only when those instructions point to a bundled file you need, call it with {"name": "<skill>", "file": "<path relative to the skill folder>"}.',
].join('\n');

/** Room the description needs besides the skill lines (preamble, heading and the "left out" note). */
export const minSkillToolDescriptionChars = 1000;

/**
 * The tool description for these skills, at most `maxChars` characters long (UTF-16 code units).
 * @example describeSkillTool([{ name: 'pdf', description: 'Reads PDFs' }], 8000)
 */
export function describeSkillTool(skills: readonly Pick<Skill, 'name' | 'description'>[], maxChars: number): string {
  if (skills.length === 0) return `${preamble}\n\nNo skills are installed.`;
  const sorted = [...skills].sort((a, b) => compareText(a.name, b.name));
  const lines = sorted.map((skill) => `- ${skill.name}: ${oneLine(skill.description)}`);

  let text = `${preamble}\n\nSkills:`;
  let listed = 0;
  for (const line of lines) {
    const left = lines.length - listed - 1;
    // Keep room for the note about the skills after this one, should any be left out.
    const reserve = left > 0 ? leftOutNote(left).length : 0;
    if (text.length + 1 + line.length + reserve > maxChars) break;
    text += `\n${line}`;
    listed += 1;
  }
  return listed < lines.length ? text + leftOutNote(lines.length - listed) : text;
}

const leftOutNote = (count: number): string =>
  `\n(${count} more skill${count === 1 ? ' is' : 's are'} installed but not listed here, to keep this description short.)`;

/** A description spread over YAML lines reads as one line in the list. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
