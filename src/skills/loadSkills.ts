// loadSkills: every direct subfolder holding a SKILL.md, directory by directory, in the
// order given. Bad skills and unreadable directories become problems; nothing throws.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { errnoCode, errnoText } from '../capabilities/shared/errno.js';
import { optionChecks } from '../capabilities/shared/options.js';
import { compareText } from './compareText.js';
import { loadSkillFolder, skillFileName, type SkillFolderOutcome } from './loadSkillFolder.js';
import type { LoadSkillsResult, Skill, SkillProblem } from './types.js';

/**
 * Loads the skills of each directory (the project's before the user's, by convention).
 * A skill name found again in a later directory is reported, never overrides the first.
 * @example
 * import os from 'node:os';
 * const { skills, problems } = await loadSkills(['./.agents/skills', `${os.homedir()}/.agents/skills`]);
 * for (const problem of problems) console.warn(`${problem.path}: ${problem.reason}`);
 */
export async function loadSkills(dirs: readonly string[]): Promise<LoadSkillsResult> {
  if (!Array.isArray(dirs) || !dirs.every((dir) => typeof dir === 'string' && dir.length > 0)) {
    throw optionChecks('loadSkills').mustBe('dirs', 'an array of directory paths (non-empty strings)', dirs);
  }
  const skills: Skill[] = [];
  const problems: SkillProblem[] = [];
  const loadedFrom = new Map<string, string>();
  const seenDirs = new Set<string>();

  for (const given of dirs) {
    const dir = resolve(given);
    // The same directory named twice (e.g. the project is the home folder) is read once.
    const identity = await realpath(dir).catch(() => dir);
    if (seenDirs.has(identity)) continue;
    seenDirs.add(identity);

    const listed = await listSkillFolders(dir);
    if (listed.problem !== undefined) problems.push(listed.problem);
    const outcomes = await Promise.all(listed.folders.map((name) => loadSkillFolder(join(dir, name), name)));
    for (const outcome of outcomes) collect(outcome, skills, problems, loadedFrom);
  }
  return { skills, problems };
}

function collect(outcome: SkillFolderOutcome, skills: Skill[], problems: SkillProblem[], loadedFrom: Map<string, string>): void {
  if (outcome === 'none') return;
  if ('problem' in outcome) {
    problems.push(outcome.problem);
    return;
  }
  const { skill } = outcome;
  const first = loadedFrom.get(skill.name);
  if (first !== undefined) {
    problems.push({
      path: skill.dir,
      reason: `A skill named ${JSON.stringify(skill.name)} was already loaded from ${first}; this one is left out.`,
    });
    return;
  }
  loadedFrom.set(skill.name, skill.dir);
  skills.push(skill);
}

interface ListedFolders {
  folders: string[];
  problem?: SkillProblem;
}

/** The names of the direct subfolders (or links to folders) of `dir`, sorted. */
async function listSkillFolders(dir: string): Promise<ListedFolders> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = errnoCode(error);
    const reason =
      code === 'ENOENT'
        ? 'Skills directory does not exist.'
        : code === 'ENOTDIR'
          ? 'Skills directory is not a directory.'
          : `Skills directory cannot be read (${errnoText(error)}).`;
    return { folders: [], problem: { path: dir, reason } };
  }
  const folders: string[] = [];
  let holdsSkillFile = false;
  for (const entry of entries) {
    if (entry.name === skillFileName) holdsSkillFile = true;
    if (entry.isDirectory() || (entry.isSymbolicLink() && (await isDirectory(join(dir, entry.name))))) {
      folders.push(entry.name);
    }
  }
  folders.sort(compareText);
  // A common mistake: naming one skill's folder instead of the directory of skill folders.
  if (!holdsSkillFile) return { folders };
  const reason = `Skills directory holds a ${skillFileName} itself: give the directory that contains the skill folders (here ${dirname(dir)}).`;
  return { folders, problem: { path: dir, reason } };
}

const isDirectory = (path: string): Promise<boolean> =>
  stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
