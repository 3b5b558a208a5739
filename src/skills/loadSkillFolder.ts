// One skill folder: read SKILL.md's frontmatter and check it against the rules. The body
// is not kept; the tool reads it again when the model asks, so edits take effect at once.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeFsError, errnoCode } from './fsErrors.js';
import { parseFrontmatter, splitSkillFile } from './frontmatter.js';
import { descriptionProblem, nameProblem } from './skillRules.js';
import type { Skill, SkillProblem } from './types.js';
import { decodeText } from './utf8Text.js';

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
  const file = join(dir, skillFileName);

  let bytes: Buffer;
  try {
    const info = await stat(file);
    if (!info.isFile()) return problem(`${skillFileName} is not a regular file.`);
    if (info.size > maxSkillFileBytes) {
      return problem(`${skillFileName} is ${info.size} bytes; at most ${maxSkillFileBytes} are read.`);
    }
    bytes = await readFile(file);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return 'none';
    return problem(`${skillFileName} cannot be read (${describeFsError(error)}).`);
  }

  const decoded = decodeText(bytes);
  if (!decoded.ok) return problem(`${skillFileName} is not UTF-8 text.`);
  const split = splitSkillFile(decoded.text);
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
