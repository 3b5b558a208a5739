// One skill folder: read SKILL.md's frontmatter and check it against the rules. The body
// is not kept; the tool reads it again when the model asks, so edits take effect at once.
import { parseFrontmatter, splitSkillFile } from './frontmatter.js';
import { readSkillFile } from './readSkillFile.js';
import { descriptionProblem, nameProblem } from './skillRules.js';
import { SkillToolErrorCode } from './skillToolCodes.js';
import type { Skill, SkillProblem } from './types.js';

/** The name of the file that makes a folder a skill. */
export const skillFileName = 'SKILL.md';

/** Largest SKILL.md read, in bytes; a bigger one is reported, not loaded. */
export const maxSkillFileBytes = 256 * 1024;

/** A loaded skill, a problem, or `none` when the folder holds no SKILL.md (not a skill). */
export type SkillFolderOutcome = { skill: Skill } | { problem: SkillProblem } | 'none';

/**
 * Reads `dir/SKILL.md` and returns the skill it describes, or the reason it is left out.
 * @example const outcome = await loadSkillFolder('/repo/.agents/skills/pdf', 'pdf')
 */
export async function loadSkillFolder(dir: string, folderName: string): Promise<SkillFolderOutcome> {
  const problem = (reason: string): SkillFolderOutcome => ({ problem: { path: dir, reason } });
  // Read as the skill tool reads a bundled file: confined to the folder, capped by bytes read.
  const read = await readSkillFile(dir, skillFileName, maxSkillFileBytes);
  if (!read.ok) {
    switch (read.code) {
      case SkillToolErrorCode.fileNotFound:
        return 'none';
      case SkillToolErrorCode.pathOutsideRoot:
        return problem(`${skillFileName} is a link that leads outside the skill folder; it is not read.`);
      case SkillToolErrorCode.notAFile:
        return problem(`${skillFileName} is not a regular file.`);
      case SkillToolErrorCode.fileTooLarge:
        return problem(`${skillFileName} ${read.size === undefined ? `holds more than ${maxSkillFileBytes}` : `is ${read.size}`} bytes; at most ${maxSkillFileBytes} are read.`);
      case SkillToolErrorCode.binaryFile:
        return problem(`${skillFileName} is not UTF-8 text.`);
      default:
        return problem(`${skillFileName} cannot be read (${read.message}).`);
    }
  }
  const split = splitSkillFile(read.text);
  if (!split.ok) return problem(split.reason);
  const parsed = parseFrontmatter(split.yaml);
  if (!parsed.ok) return problem(parsed.reason);

  const { name, description } = parsed.data;
  const broken = nameProblem(name, folderName) ?? descriptionProblem(description);
  if (broken !== undefined) return problem(broken);

  return {
    skill: {
      name: name as string,
      description: description as string,
      dir,
      frontmatter: Object.freeze({ ...parsed.data }),
    },
  };
}
