// The files a skill bundles (scripts/, references/, assets/, ...): relative paths, sorted,
// bounded. Dot-files and dot-folders (.git, .DS_Store) are left out of the list; links are
// listed only when they lead to a file inside the skill folder, and never followed into folders.
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from '../capabilities/shared/confinement.js';
import { compareText } from './compareText.js';
import { skillFileName } from './loadSkillFolder.js';

/** Up to `maxFiles` relative paths (with `/`), sorted; `more` when the walk stopped early. */
export interface BundledFiles {
  files: string[];
  more: boolean;
}

/**
 * Lists the files under a skill folder, except its SKILL.md and anything hidden.
 * @example const { files } = await listBundledFiles('/repo/.agents/skills/pdf', 100) // ['references/forms.md', 'scripts/fill.py']
 */
export async function listBundledFiles(root: string, maxFiles: number): Promise<BundledFiles> {
  const realRoot = await realpath(root);
  const files: string[] = [];
  let more = false;

  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // An unreadable subfolder is simply not listed.
    }
    entries.sort((a, b) => compareText(a.name, b.name));
    for (const entry of entries) {
      if (more) return;
      if (entry.name.startsWith('.')) continue;
      const path = prefix + entry.name;
      if (path === skillFileName) continue;
      const isFile = entry.isFile() || (entry.isSymbolicLink() && (await isFileInside(join(dir, entry.name), realRoot)));
      if (isFile) {
        if (files.length === maxFiles) more = true;
        else files.push(path);
      } else if (entry.isDirectory()) {
        await walk(join(dir, entry.name), `${path}/`);
      }
    }
  };

  await walk(realRoot, '');
  return { files: files.sort(compareText), more };
}

async function isFileInside(link: string, realRoot: string): Promise<boolean> {
  try {
    const target = await realpath(link);
    if (target === realRoot || !isInside(realRoot, target)) return false;
    return (await stat(target)).isFile();
  } catch {
    return false;
  }
}
